import type { MouseEvent } from 'react';
import { isSignedIn } from '../../../lib/session';
import { useCurrentUser } from '../api/get-user';
import { teachingSiteHref, useTeachingSite } from '../api/get-teaching-site';
import { guardLogin } from '../hooks/use-login-guard';

export const TEACHING_SITE_TEXT = '教学网站';

/**
 * Spec §7 "Links out": the teaching site, opened in a new tab with the learner's mobileToken so
 * that it signs them in. Nothing when no teaching site is configured; signed out, a click asks for
 * sign-in first (the login guard, spec §6).
 */
export function TeachingSiteLink({
  className,
  onClick,
  isListItem = false,
}: {
  className?: string;
  onClick?: () => void;
  /** Wrapped in an <li> (a menu entry), so that no empty entry shows when there is no link. */
  isListItem?: boolean;
}) {
  const site = useTeachingSite();
  const user = useCurrentUser();
  const url = site.data?.url;
  if (!url) return null;
  const token = user.data?.mobileToken.token;
  const href = isSignedIn() && token ? teachingSiteHref(url, token) : url;
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isSignedIn() || !token) {
      event.preventDefault();
      guardLogin(() => undefined);
    }
    onClick?.();
  };
  const link = (
    <a href={href} target="_blank" rel="noopener" className={className} onClick={open}>
      {TEACHING_SITE_TEXT}
    </a>
  );
  return isListItem ? <li>{link}</li> : link;
}
