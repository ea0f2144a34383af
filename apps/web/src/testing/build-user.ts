import type { UserInfo } from '@ninety/contract';

export interface BuildUserOptions extends Partial<UserInfo> {
  isMember?: boolean;
  /** Remaining uses of a non-member. */
  energy?: number;
}

let sequence = 0;

/** A user info answer as GET /api/auth/getUser sends it. For tests. */
export function buildUser({
  isMember = false,
  energy = 10,
  ...overrides
}: BuildUserOptions = {}): UserInfo {
  sequence += 1;
  return {
    userCode: `u${String(sequence).padStart(6, '0')}`,
    nickname: `学员${sequence}`,
    icon: '/avatar-default.png',
    phone: '138****8000',
    phonecode: '86',
    newMemberLevel: isMember ? 1 : 0,
    memberExpiresAt: isMember ? '2099-01-01T00:00:00.000Z' : null,
    nonMemberDomains: [{ domain: 'pte', energy, resetRule: 'daily' }],
    mobileToken: { token: `m-${sequence}`, expiresAt: '2099-01-01T00:00:00.000Z' },
    isZoom: false,
    ...overrides,
  };
}
