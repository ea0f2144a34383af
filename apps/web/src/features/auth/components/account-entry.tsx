import { lazy, Suspense, useState } from 'react';
import { loadWithReload } from '../../../lib/load-with-reload';
import { requestLogin } from '../../../lib/login-events';
import { isSignedIn } from '../../../lib/session';
import type { AccountLink } from './account-menu';
import styles from './account.module.css';

export type { AccountLink } from './account-menu';

export const LOGIN_BUTTON_TEXT = '登录/注册';

const AccountMenu = lazy(() =>
  loadWithReload(() => import('./account-menu')).then((module) => ({
    default: module.AccountMenu,
  })),
);

interface AccountEntryProps {
  /** `bar`: the desktop header; `drawer`: the navigation drawer of narrow screens. */
  variant: 'bar' | 'drawer';
  /** Pages of the signed-in menu, before 退出登录. */
  links: readonly AccountLink[];
  /** Called when an entry is chosen (the drawer closes). */
  onNavigate?: () => void;
}

/**
 * The header's account corner: 登录/注册 when signed out; when signed in the avatar, nickname,
 * membership badge and a menu (loaded on demand, with the user info and the HTTP client).
 */
export function AccountEntry({ variant, links, onNavigate }: AccountEntryProps) {
  // A sign-in or sign-out reloads the page, so the token is read once.
  const [hasToken] = useState(isSignedIn);

  if (!hasToken) {
    return (
      <button
        type="button"
        className={variant === 'bar' ? styles.loginButton : styles.drawerLoginButton}
        onClick={() => {
          onNavigate?.();
          requestLogin();
        }}
      >
        {LOGIN_BUTTON_TEXT}
      </button>
    );
  }
  return (
    <Suspense fallback={<span className={styles.pending} aria-hidden />}>
      <AccountMenu variant={variant} links={links} onNavigate={onNavigate} />
    </Suspense>
  );
}
