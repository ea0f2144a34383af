import { z } from 'zod';
import { DEFAULT_PHONECODE, PhonecodeSchema, PhoneSchema, SmsCodeSchema } from './auth';

/** How long the proof of the current phone (its code, checked) stays good for the change. */
export const PHONE_CHANGE_PROOF_SECONDS = 10 * 60;

/** 个人中心's sign-in bindings: the phone (masked) and the WeChat account. */
export const BindingsSchema = z
  .object({
    phone: z.string().nullable().describe('手机号（打码），未绑定为 null'),
    phonecode: z.string().nullable(),
    wechat: z
      .object({
        nickname: z.string().describe('微信昵称'),
        boundAt: z.iso.datetime(),
      })
      .nullable()
      .describe('绑定的微信，未绑定为 null'),
  })
  .meta({ id: 'Bindings' });
export type Bindings = z.infer<typeof BindingsSchema>;

export const CurrentPhoneCodeResultSchema = z
  .object({
    phone: z.string().describe('验证码发往的手机号（打码）'),
    phonecode: z.string(),
    resendAfter: z.number().int(),
  })
  .meta({ id: 'CurrentPhoneCodeResult' });
export type CurrentPhoneCodeResult = z.infer<typeof CurrentPhoneCodeResultSchema>;

/**
 * How long before another code may go to the account's own phone (spec §9's 60 s rule): a learner
 * who has just signed in by SMS opens 更换手机号 with the wait already counting down.
 */
export const PhoneCodeWaitSchema = z
  .object({
    resendIn: z.number().int().min(0).describe('距可再次发送验证码的秒数，0 表示现在即可发送'),
  })
  .meta({ id: 'PhoneCodeWait' });
export type PhoneCodeWait = z.infer<typeof PhoneCodeWaitSchema>;

export const VerifyCurrentPhoneBodySchema = z
  .strictObject({ code: SmsCodeSchema })
  .meta({ id: 'VerifyCurrentPhoneBody' });
export type VerifyCurrentPhoneBody = z.infer<typeof VerifyCurrentPhoneBodySchema>;

export const PhoneChangeProofSchema = z
  .object({
    proof: z.string().describe('原手机号已验证的凭证，用于更换手机号'),
    expiresAt: z.iso.datetime(),
  })
  .meta({ id: 'PhoneChangeProof' });
export type PhoneChangeProof = z.infer<typeof PhoneChangeProofSchema>;

const proof = z.string().trim().min(1).max(300).describe('验证原手机号后得到的凭证');

export const NewPhoneCodeBodySchema = z
  .strictObject({
    phone: PhoneSchema,
    phonecode: PhonecodeSchema.default(DEFAULT_PHONECODE),
    /** Absent only for an account that has no phone yet (nothing old to prove). */
    proof: proof.optional(),
  })
  .meta({ id: 'NewPhoneCodeBody' });
export type NewPhoneCodeBody = z.infer<typeof NewPhoneCodeBodySchema>;

export const ChangePhoneBodySchema = z
  .strictObject({
    phone: PhoneSchema,
    phonecode: PhonecodeSchema.default(DEFAULT_PHONECODE),
    code: SmsCodeSchema,
    /** Absent only for an account that has no phone yet (nothing old to prove). */
    proof: proof.optional(),
  })
  .meta({ id: 'ChangePhoneBody' });
export type ChangePhoneBody = z.infer<typeof ChangePhoneBodySchema>;

export const ChangePhoneResultSchema = z
  .object({
    bindings: BindingsSchema,
    signedOutDevices: z.number().int().describe('因更换手机号而退出登录的其他设备数'),
  })
  .meta({ id: 'ChangePhoneResult' });
export type ChangePhoneResult = z.infer<typeof ChangePhoneResultSchema>;

export const WechatBindSceneQuerySchema = z.strictObject({
  sceneId: z
    .string()
    .trim()
    .regex(/^[0-9a-f]{24}$/, '二维码编号无效'),
});
