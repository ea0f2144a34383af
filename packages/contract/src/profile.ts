import { z } from 'zod';
import { hasUnstorableCharacter, UNSTORABLE_TEXT_MESSAGE } from './safe-text';

/** 个人中心's nickname: also the name shown on the learner's shared answers and reports. */
export const NICKNAME_MAX_LENGTH = 20;

// eslint-disable-next-line no-control-regex -- control characters are what this refuses.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069]/;

export const NicknameSchema = z
  .string()
  .trim()
  .min(1, '昵称不能为空')
  .max(NICKNAME_MAX_LENGTH, `昵称不能超过 ${NICKNAME_MAX_LENGTH} 个字符`)
  .refine((value) => !hasUnstorableCharacter(value), UNSTORABLE_TEXT_MESSAGE)
  // Invisible and direction-changing characters would let a name pose as another on a share.
  .refine((value) => !CONTROL.test(value), '昵称不能包含控制字符或不可见字符');

export const UpdateNicknameBodySchema = z
  .strictObject({ nickname: NicknameSchema })
  .meta({ id: 'UpdateNicknameBody', description: '修改昵称' });
export type UpdateNicknameBody = z.infer<typeof UpdateNicknameBodySchema>;

export const NicknameResultSchema = z
  .object({ nickname: z.string() })
  .meta({ id: 'NicknameResult' });
export type NicknameResult = z.infer<typeof NicknameResultSchema>;
