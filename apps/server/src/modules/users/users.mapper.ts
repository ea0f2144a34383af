import { DEFAULT_AVATAR, maskPhone, type UserInfo, type UserWorkCount } from '@ninety/contract';
import { energyLeft, isMember, type QuotaPolicy } from './quota';
import type { UserRow } from './users.repository';

/** The quota domain of the PTE product line (spec: nonMemberDomains[0]). */
const PTE_DOMAIN = 'pte';

export function toUserInfo(
  user: UserRow,
  mobileToken: { token: string; expiresAt: Date },
  policy: QuotaPolicy,
  now: Date,
): UserInfo {
  const member = isMember(user, now);
  return {
    userCode: user.userCode,
    nickname: user.nickname,
    icon: user.icon ?? DEFAULT_AVATAR,
    phone: user.phone ? maskPhone(user.phone) : null,
    phonecode: user.phonecode,
    newMemberLevel: member ? user.memberLevel : 0,
    memberExpiresAt: member && user.memberExpiresAt ? user.memberExpiresAt.toISOString() : null,
    nonMemberDomains: [
      { domain: PTE_DOMAIN, energy: energyLeft(user, policy, now), resetRule: policy.reset },
    ],
    mobileToken: { token: mobileToken.token, expiresAt: mobileToken.expiresAt.toISOString() },
    isZoom: user.isZoom,
  };
}

export function toWorkCount(user: UserRow, now: Date): UserWorkCount {
  return { isCount: !isMember(user, now), isSecond: true, isZoom: user.isZoom };
}
