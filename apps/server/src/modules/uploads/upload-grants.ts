/**
 * Upload grants: the `sessionToken` of spec §3's credential response. A grant names the learner,
 * the key prefix they may write under and its expiry, signed with a key derived from AUTH_SECRET,
 * so every server process checks it without a database look-up. The browser presents it on every
 * upload call beside its session token; the part URLs themselves are signed by the store.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export interface UploadGrant {
  /** The grant's id (`tmpSecretId`). */
  id: string;
  userId: number;
  prefix: string;
  /** Seconds since the epoch. */
  startTime: number;
  expiredTime: number;
}

export interface UploadGrants {
  issue(
    userId: number,
    prefix: string,
    nowSeconds: number,
    ttlSeconds: number,
  ): {
    grant: UploadGrant;
    token: string;
    secretKey: string;
  };
  /** The grant a token carries when its signature is ours, else null (expiry is not checked). */
  read(token: string): UploadGrant | null;
}

const TOKEN = /^[A-Za-z0-9_-]{1,400}\.[A-Za-z0-9_-]{43}$/;

export function uploadGrants(secret: string): UploadGrants {
  // Keys of their own, so a grant can never stand in for another HMAC of AUTH_SECRET.
  const signingKey = createHmac('sha256', secret).update('ninety upload grants v1').digest();
  const secretKeyKey = createHmac('sha256', secret).update('ninety upload secret keys v1').digest();
  const mac = (payload: string) =>
    createHmac('sha256', signingKey).update(payload).digest('base64url');

  return {
    issue(userId, prefix, nowSeconds, ttlSeconds) {
      const grant: UploadGrant = {
        id: randomBytes(12).toString('base64url'),
        userId,
        prefix,
        startTime: nowSeconds,
        expiredTime: nowSeconds + ttlSeconds,
      };
      const payload = Buffer.from(JSON.stringify(grant)).toString('base64url');
      return {
        grant,
        token: `${payload}.${mac(payload)}`,
        secretKey: createHmac('sha256', secretKeyKey).update(grant.id).digest('base64url'),
      };
    },
    read(token) {
      if (!TOKEN.test(token)) return null;
      const [payload = '', signature = ''] = token.split('.');
      const expected = Buffer.from(mac(payload));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      try {
        const grant = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as UploadGrant;
        if (
          typeof grant.userId !== 'number' ||
          typeof grant.prefix !== 'string' ||
          typeof grant.expiredTime !== 'number'
        ) {
          return null;
        }
        return grant;
      } catch {
        return null;
      }
    },
  };
}
