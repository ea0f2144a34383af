import {
  DEVELOPMENT_SMS_SIGN_KEY,
  SMS_SIGN_EXPIRE,
  smsSignPayload,
  standardHeaders,
} from '@ninety/contract';
import type { SmsSignFields } from '@ninety/contract';
import { useMutation } from '@tanstack/react-query';
import { md5 } from 'js-md5';
import { post } from '../../../lib/http';
import { fetchNetIp } from './get-net-ip';

declare global {
  interface ImportMetaEnv {
    /** The SMS signing key of a production build (the server's SMS_SIGN_KEY). */
    readonly VITE_SMS_SIGN_KEY?: string;
  }
}

export interface SendSmsInput {
  phone: string;
  phonecode: string;
}

export interface SendSmsResult {
  /** Seconds until the server accepts another send for this phone. */
  resendAfter: number;
}

/** The shared signing key (spec §7); production builds set their own. */
export function smsSignKey(): string {
  return import.meta.env.VITE_SMS_SIGN_KEY || DEVELOPMENT_SMS_SIGN_KEY;
}

/**
 * The header fields that are signed and sent with the call (spec §3), at `now` (epoch ms). netIp
 * is the address the server sees (GET /api/message/netIp).
 */
export function smsSignFields(
  phone: string,
  now: number = Date.now(),
  netIp: string = '',
): SmsSignFields {
  return {
    userAgent: navigator.userAgent,
    ts: String(Math.floor(now / 1000)),
    expire: String(SMS_SIGN_EXPIRE),
    netIp,
    clientType: standardHeaders.clientType,
    phone,
  };
}

/** Upper-case hex MD5 of the sorted `key=value&` fields followed by the key (spec §7). */
export function signSms(fields: SmsSignFields, key: string = smsSignKey()): string {
  return md5(smsSignPayload(fields, key)).toUpperCase();
}

export async function sendSms(
  input: SendSmsInput,
  now: number = Date.now(),
): Promise<SendSmsResult> {
  const fields = smsSignFields(input.phone, now, await fetchNetIp());
  // The dial code is signed too (it travels in the body, not as a header): ADR 0013.
  const sign = signSms({ ...fields, phonecode: input.phonecode });
  return post<SendSmsResult>(
    '/api/message/sendSms',
    { phone: input.phone, phonecode: input.phonecode, sign },
    { headers: { ...fields } },
  );
}

export function useSendSms() {
  return useMutation({ mutationFn: (input: SendSmsInput) => sendSms(input) });
}
