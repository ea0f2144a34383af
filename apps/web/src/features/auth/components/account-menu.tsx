import { UserOutlined } from '@ant-design/icons';
import type { UserInfo } from '@ninety/contract';
import { useCallback, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { loadWithReload } from '../../../lib/load-with-reload';
import { useDismiss } from '../../../lib/use-dismiss';
import { useCurrentUser } from '../api/get-user';
import { isMember, remainingUses } from '../hooks/use-quota-check';
import styles from './account.module.css';

export interface AccountLink {
  label: string;
  to: string;
}

export const LOGOUT_TEXT = '退出登录';

interface AccountMenuProps {
  variant: 'bar' | 'drawer';
  links: readonly AccountLink[];
  onNavigate?: () => void;
}

/** "VIP" for a member, otherwise the uses left (spec §6). */
export function badgeText(user: Pick<UserInfo, 'newMemberLevel' | 'nonMemberDomains'>): string {
  return isMember(user) ? 'VIP' : `剩余 ${remainingUses(user)} 次`;
}

function Avatar({ src }: { src: string | undefined }) {
  const [failedSrc, setFailedSrc] = useState<string>();
  if (!src || failedSrc === src) {
    return (
      <span className={styles.avatar} aria-hidden>
        <UserOutlined />
      </span>
    );
  }
  return (
    <img
      className={styles.avatar}
      src={src}
      alt=""
      width={28}
      height={28}
      onError={() => setFailedSrc(src)}
    />
  );
}

function Identity({ user }: { user: UserInfo | undefined }) {
  return (
    <>
      <Avatar src={user?.icon} />
      <span className={styles.nickname}>{user?.nickname ?? '我的账户'}</span>
      {user && (
        <span className={isMember(user) ? styles.vipBadge : styles.energyBadge}>
          {badgeText(user)}
        </span>
      )}
    </>
  );
}

/** The signed-in account corner of the header and of the drawer. */
export function AccountMenu({ variant, links, onNavigate }: AccountMenuProps) {
  const { data: user } = useCurrentUser();
  const [isSigningOut, setIsSigningOut] = useState(false);
  const signOut = () => {
    onNavigate?.();
    setIsSigningOut(true);
    // The sign-out call (and the mutation code) loads on use: the header is on every first load.
    loadWithReload(() => import('../api/logout')).then(
      (module) => module.signOut(),
      () => setIsSigningOut(false),
    );
  };

  if (variant === 'drawer') {
    return (
      <section className={styles.drawerAccount} aria-label="账户">
        <div className={styles.drawerIdentity}>
          <Identity user={user} />
        </div>
        <ul className={styles.drawerList}>
          {links.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className={styles.drawerLink} onClick={onNavigate}>
                {link.label}
              </Link>
            </li>
          ))}
          <li>
            <button
              type="button"
              className={styles.drawerLink}
              disabled={isSigningOut}
              onClick={signOut}
            >
              {LOGOUT_TEXT}
            </button>
          </li>
        </ul>
      </section>
    );
  }
  return <BarMenu user={user} links={links} onSignOut={signOut} isSigningOut={isSigningOut} />;
}

interface BarMenuProps {
  user: UserInfo | undefined;
  links: readonly AccountLink[];
  onSignOut: () => void;
  isSigningOut: boolean;
}

/** A disclosure menu like the header's 工具 menu: click to open; Escape or a click outside closes. */
function BarMenu({ user, links, onSignOut, isSigningOut }: BarMenuProps) {
  const [isOpen, setIsOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  const close = useCallback(() => setIsOpen(false), []);
  useDismiss(isOpen, close, rootRef, buttonRef);

  return (
    <div ref={rootRef} className={styles.menuRoot}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.accountButton}
        aria-expanded={isOpen}
        aria-controls={menuId}
        onClick={() => setIsOpen(!isOpen)}
      >
        <Identity user={user} />
      </button>
      <ul id={menuId} className={styles.menu} hidden={!isOpen}>
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={styles.menuItem} onClick={() => setIsOpen(false)}>
              {link.label}
            </Link>
          </li>
        ))}
        <li>
          <button
            type="button"
            className={styles.menuItem}
            disabled={isSigningOut}
            onClick={onSignOut}
          >
            {LOGOUT_TEXT}
          </button>
        </li>
      </ul>
    </div>
  );
}
