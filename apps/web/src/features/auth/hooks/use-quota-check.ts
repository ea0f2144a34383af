import type { UserInfo } from '@ninety/contract';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { requestLogin } from '../../../lib/login-events';
import { announceQuotaUsedUp } from '../../../lib/quota-events';
import { isSignedIn } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { currentUserQueryOptions, useCurrentUser } from '../api/get-user';
import { readIsZoom } from '../stored-user';

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

/** How long a check waits for the user info on its way before leaving the decision to the server. */
const USER_WAIT_MS = 5000;

/**
 * The quota check for components, with the current user: `if (!(await checkQuota())) return;`.
 * Signed out, it opens the login dialog instead and returns false. User info fetched on this page
 * decides at once. Before that — nothing yet, or only the stored copy, whose uses may be
 * yesterday's — it waits for the answer already on its way, so the warning comes before anything
 * is sent (spec §6) and is never one the refresh would take back. If no answer comes in
 * USER_WAIT_MS it passes: the server counts the use and answers 40301, which opens the same dialog.
 */
export function useQuotaCheck(): () => boolean | Promise<boolean> {
  const queryClient = useQueryClient();
  const { data: user, dataUpdatedAt } = useCurrentUser();
  return useCallback(() => {
    if (!isSignedIn()) {
      requestLogin();
      return false;
    }
    if (user && dataUpdatedAt > 0) return checkQuota(user);
    return freshUser(queryClient).then((fresh) => (fresh ? checkQuota(fresh) : true));
  }, [user, dataUpdatedAt, queryClient]);
}

/** The user info from the server (joining a request in flight), or undefined if none comes in time. */
async function freshUser(client: QueryClient): Promise<UserInfo | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), USER_WAIT_MS);
  });
  try {
    // Fresh if fetched in the last seconds (between the click and this hook's last render).
    const fetched = client.fetchQuery({
      ...currentUserQueryOptions(),
      initialData: undefined,
      staleTime: 10_000,
    });
    return await Promise.race([fetched, late]);
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}
