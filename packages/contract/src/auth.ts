import { z } from 'zod';

/** Spec §9: the SMS signature's `expire` value, and how long a signed request stays valid. */
export const SMS_SIGN_EXPIRE = 300;
/** Spec §9: the send button is disabled this many seconds after a send. */
export const SMS_RESEND_SECONDS = 60;
/** Spec §9: default dial code. */
export const DEFAULT_PHONECODE = '86';
/** Spec §9: QR and scene polling interval. */
export const LOGIN_POLL_INTERVAL_MS = 1000;

/**
 * The key shared by the web client and the server for the SMS request signature (spec §7). It is
 * shipped in the web bundle, so it only stops casual abuse; the code policy is the real protection.
 * Production builds set their own through SMS_SIGN_KEY (server) and VITE_SMS_SIGN_KEY (web).
 */
export const DEVELOPMENT_SMS_SIGN_KEY = 'ninety-dev-sms-sign-key';

/**
 * The fields signed on POST /api/message/sendSms: the spec's header fields (§3), plus the body's
 * `phonecode` (ADR 0013: unsigned, a signed request could be re-aimed at another country's
 * number). Clients sign it; a signature without it is still accepted for the default 86 only.
 */
export interface SmsSignFields {
  userAgent: string;
  ts: string;
  expire: string;
  netIp: string;
  clientType: string;
  phone: string;
  phonecode?: string;
}

/**
 * The text whose upper-case hex MD5 is the signature: the fields sorted by name, each written
 * `name=value&`, with the key appended directly after the last `&`.
 */
export function smsSignPayload(fields: SmsSignFields, key: string): string {
  const names = Object.keys(fields).sort() as (keyof SmsSignFields)[];
  return names.map((name) => `${name}=${fields[name]}&`).join('') + key;
}

const phone = z
  .string()
  .trim()
  .regex(/^\d{4,15}$/, '手机号格式不正确')
  .describe('手机号（不含国家区号）');
const phonecode = z
  .string()
  .trim()
  .regex(/^\d{1,4}$/, '国家区号格式不正确')
  .describe('国家/地区区号，如 86');
const smsCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, '请输入 6 位验证码');

/** The sign-in number's parts, for other forms that take a phone and a code (个人中心's bindings). */
export { phone as PhoneSchema, phonecode as PhonecodeSchema, smsCode as SmsCodeSchema };

export const CountrySchema = z
  .object({
    code: z.string().describe('ISO 3166-1 代码'),
    name: z.string().describe('中文名称'),
    nameEn: z.string(),
    phonecode: z.string(),
  })
  .meta({ id: 'Country' });
export type Country = z.infer<typeof CountrySchema>;

export const SendSmsBodySchema = z
  .strictObject({
    phone,
    phonecode: phonecode.default(DEFAULT_PHONECODE),
    sign: z.string().trim().min(1),
  })
  .meta({ id: 'SendSmsBody' });
export type SendSmsBody = z.infer<typeof SendSmsBodySchema>;

export const SendSmsResultSchema = z.object({
  resendAfter: z.number().int().describe('多少秒后可再次发送'),
});

export const LoginPhoneBodySchema = z
  .strictObject({ phone, phonecode: phonecode.default(DEFAULT_PHONECODE), code: smsCode })
  .meta({ id: 'LoginPhoneBody' });
export type LoginPhoneBody = z.infer<typeof LoginPhoneBodySchema>;

export const BindingPhoneBodySchema = z
  .strictObject({
    phone,
    phonecode: phonecode.default(DEFAULT_PHONECODE),
    code: smsCode,
    userCode: z.string().trim().min(1).max(64),
  })
  .meta({ id: 'BindingPhoneBody' });
export type BindingPhoneBody = z.infer<typeof BindingPhoneBodySchema>;

export const TokenResultSchema = z.object({ token: z.string() }).meta({ id: 'TokenResult' });
export type TokenResult = z.infer<typeof TokenResultSchema>;

/**
 * The avatar shown until the learner sets one, served from the web app's own files. A PNG
 * (rendered from avatar-default.svg, kept for pages still open from before): an SVG in an <img>
 * is a document of its own, 50–200 ms of a throttled phone's main thread on every load (issue 23).
 */
export const DEFAULT_AVATAR = '/avatar-default.png';

export const UserInfoSchema = z
  .object({
    userCode: z.string(),
    nickname: z.string(),
    icon: z.string().describe('头像地址（未设置时为默认头像）'),
    phone: z.string().nullable().describe('打码后的手机号'),
    phonecode: z.string().nullable(),
    newMemberLevel: z.number().int().describe('大于 0 为会员'),
    memberExpiresAt: z.string().nullable(),
    nonMemberDomains: z.array(
      z.object({
        domain: z.string(),
        energy: z.number().int().min(0).describe('剩余次数'),
        resetRule: z.enum(['daily', 'weekly', 'monthly', 'never']),
      }),
    ),
    mobileToken: z.object({ token: z.string(), expiresAt: z.string() }),
    isZoom: z.boolean(),
  })
  .meta({ id: 'UserInfo' });
export type UserInfo = z.infer<typeof UserInfoSchema>;

export const UserWorkCountSchema = z
  .object({
    isCount: z.boolean().describe('练习是否计入非会员次数'),
    isSecond: z.boolean().describe('学习时长是否按秒上报'),
    isZoom: z.boolean().describe('是否为老师开通的班级账号（次数用完时提示联系老师）'),
  })
  .meta({ id: 'UserWorkCount' });
export type UserWorkCount = z.infer<typeof UserWorkCountSchema>;

export const QrUuidSchema = z.uuid('二维码编号无效');

export const QrLoginInfoSchema = z
  .object({
    uuid: z.string(),
    status: z.enum(['waiting', 'scanned', 'confirmed', 'consumed', 'canceled', 'expired']),
    expiresAt: z.string(),
    requestedFrom: z.object({ ip: z.string().nullable(), userAgent: z.string().nullable() }),
  })
  .meta({ id: 'QrLoginInfo' });
export type QrLoginInfo = z.infer<typeof QrLoginInfoSchema>;

export const QrUuidBodySchema = z.strictObject({ uuid: QrUuidSchema });

export const WechatSceneSchema = z
  .object({ url: z.string().describe('二维码图片地址'), sceneId: z.string() })
  .meta({ id: 'WechatScene' });
export type WechatScene = z.infer<typeof WechatSceneSchema>;

export const WxInfoSchema = z
  .object({
    qrCode: z.string().describe('老师微信二维码图片'),
    type: z.number().int(),
    wx: z.string().describe('老师微信号'),
    wxImgQr: z.string().describe('老师微信二维码图片（备用）'),
  })
  .meta({ id: 'WxInfo' });
export type WxInfo = z.infer<typeof WxInfoSchema>;

/** The teaching site the tools menu and 个人中心 link to (spec §7 links out); null when none. */
export const TeachingSiteSchema = z
  .object({ url: z.url().nullable().describe('教学网站地址；链接时附上 mobileToken') })
  .meta({ id: 'TeachingSite' });
export type TeachingSite = z.infer<typeof TeachingSiteSchema>;

/** The client's address as the server sees it: the SMS signature's netIp (spec §3). */
export const NetIpSchema = z
  .object({ netIp: z.string().describe('服务器看到的客户端 IP') })
  .meta({ id: 'NetIp' });
export type NetIp = z.infer<typeof NetIpSchema>;

/** Masks a phone for display: 138****8000. */
export function maskPhone(value: string): string {
  if (value.length < 7) return `${value.slice(0, 1)}****`;
  return `${value.slice(0, 3)}****${value.slice(-4)}`;
}
