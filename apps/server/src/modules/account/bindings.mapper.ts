import { maskPhone, type Bindings } from '@ninety/contract';
import type { UserRow } from '../users/users.service';

/** What leaves the server of the learner's sign-in ways: the phone masked, WeChat by nickname. */
export function toBindings(
  user: Pick<UserRow, 'phone' | 'phonecode'>,
  wechat: { nickname: string; createdAt: Date } | null,
): Bindings {
  return {
    phone: user.phone ? maskPhone(user.phone) : null,
    phonecode: user.phone ? user.phonecode : null,
    wechat: wechat
      ? { nickname: wechat.nickname || '微信用户', boundAt: wechat.createdAt.toISOString() }
      : null,
  };
}
