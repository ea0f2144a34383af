import type { UserInfo } from '@ninety/contract';
import { localKeys } from '../../lib/storage-keys';

/** The last user info the server sent (spec §3: persisted in local storage), or undefined. */
export function readStoredUser(): UserInfo | undefined {
  const text = localStorage.getItem(localKeys.userInfo);
  if (!text) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return isUserInfo(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

export function storeUser(user: UserInfo): void {
  localStorage.setItem(localKeys.userInfo, JSON.stringify(user));
}

/** The work-count flag isZoom as stored after sign-in (spec §3); false when never stored. */
export function readIsZoom(): boolean {
  return localStorage.getItem(localKeys.isZoom) === 'true';
}

export function storeIsZoom(isZoom: boolean): void {
  localStorage.setItem(localKeys.isZoom, String(isZoom));
}

// A light shape check: enough to trust the fields the header and the quota check read, without
// bringing zod into the entry chunk.
function isUserInfo(value: unknown): value is UserInfo {
  if (typeof value !== 'object' || value === null) return false;
  const user = value as Partial<Record<keyof UserInfo, unknown>>;
  return (
    typeof user.nickname === 'string' &&
    typeof user.newMemberLevel === 'number' &&
    Array.isArray(user.nonMemberDomains)
  );
}
