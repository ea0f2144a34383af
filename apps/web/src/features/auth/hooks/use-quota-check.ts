import type { UserInfo } from '@ninety/contract';
import { useCallback } from 'react';
import { requestLogin } from '../../../lib/login-events';
import { announceQuotaUsedUp } from '../../../lib/quota-events';
import { isSignedIn } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useCurrentUser } from '../api/get-user';
import { readIsZoom, readStoredUser } from '../stored-user';

/** Spec §6 warnings (shown for 3 s). */
export const QUOTA_USED_UP_TEXT = '剩余次数不足';
export const CONTACT_TEACHER_TEXT = '请联系老师开通VIP';

export type QuotaUser = Pick<UserInfo, 'newMemberLevel' | 'nonMemberDomains'>;

/** Members (level above 0) always pass. */
export function isMember(user: QuotaUser | null | undefined): boolean {
  return (user?.newMemberLevel ?? 0) > 0;
}

/** Remaining uses of a non-member: the energy of the first quota domain. */
export function remainingUses(user: QuotaUser | null | undefined): number {
  return user?.nonMemberDomains[0]?.energy ?? 0;
}

/**
 * Spec §6: true for a member or a non-member with uses left. Otherwise warns for 3 s — "请联系老师
 * 开通VIP" for a class account (the stored isZoom flag), "剩余次数不足" for anyone else — and
 * returns false. Unknown user info counts as no uses left.
 */
export function checkQuota(user: QuotaUser | null | undefined): boolean {
  if (isMember(user) || remainingUses(user) > 0) return true;
  toast.warning(readIsZoom() ? CONTACT_TEACHER_TEXT : QUOTA_USED_UP_TEXT);
  // The 学习中心 dialog (what the uses are, when they return, VIP) opens over the warning.
  announceQuotaUsedUp({ contactTeacher: readIsZoom() });
  return false;
}

/**
 * The quota check for components, with the current user: `if (!checkQuota()) return;`. Signed out,
 * it opens the login dialog instead and returns false. While the user info is still loading it
 * passes: a learner who starts at once must not be told 剩余次数不足 by a check that knows nothing
 * yet; the server counts the use and answers 40301, which opens the same dialog.
 */
export function useQuotaCheck(): () => boolean {
  const { data: user } = useCurrentUser();
  return useCallback(() => {
    if (!isSignedIn()) {
      requestLogin();
      return false;
    }
    const known = user ?? readStoredUser();
    return known ? checkQuota(known) : true;
  }, [user]);
}
