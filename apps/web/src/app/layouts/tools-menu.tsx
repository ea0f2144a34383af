import { DownOutlined } from '@ant-design/icons';
import { lazy, Suspense, useCallback, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { loadWithReload } from '../../lib/load-with-reload';
import { useDismiss } from '../../lib/use-dismiss';
import type { NavItem } from './nav-items';
import { isUnder } from './nav-items';
import styles from './site-header.module.css';

type MenuItem = Extract<NavItem, { kind: 'menu' }>;

// Spec §7 links out: the teaching site with the learner's mobileToken. Loaded when the menu opens,
// so the header's entry chunk does not carry the HTTP client.
const TeachingSiteLink = lazy(() =>
  loadWithReload(() => import('../../features/auth/components/teaching-site-link')).then(
    (module) => ({ default: module.TeachingSiteLink }),
  ),
);

/**
 * A small disclosure menu. Hovering opens it until the pointer leaves; a click pins it open until
 * a second click, Escape, a click outside or choosing an entry.
 */
export function ToolsMenu({ item }: { item: MenuItem }) {
  const [openedBy, setOpenedBy] = useState<'hover' | 'click' | null>(null);
  const isOpen = openedBy !== null;
  const rootRef = useRef<HTMLLIElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const { pathname } = useLocation();
  const isActive = isUnder(pathname, item.activePrefixes);

  const close = useCallback(() => setOpenedBy(null), []);
  useDismiss(isOpen, close, rootRef, buttonRef);

  return (
    <li
      ref={rootRef}
      className={styles.menuRoot}
      onPointerEnter={(event) => {
        if (event.pointerType === 'mouse' && !isOpen) setOpenedBy('hover');
      }}
      onPointerLeave={(event) => {
        if (event.pointerType === 'mouse' && openedBy === 'hover') close();
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className={`${styles.link} ${isActive ? styles.active : ''}`}
        aria-expanded={isOpen}
        aria-controls={listId}
        aria-current={isActive ? 'true' : undefined}
        onClick={() => setOpenedBy(openedBy === 'click' ? null : 'click')}
      >
        {item.label}
        <DownOutlined className={styles.caret} aria-hidden />
      </button>
      <ul id={listId} className={styles.menu} hidden={!isOpen}>
        {item.children.map((child) => (
          <li key={child.label}>
            {child.to ? (
              <Link to={child.to} className={styles.menuLink} onClick={close}>
                {child.label}
              </Link>
            ) : (
              <a href={child.href} className={styles.menuLink} onClick={close}>
                {child.label}
              </a>
            )}
          </li>
        ))}
        {isOpen && (
          <Suspense fallback={null}>
            <TeachingSiteLink className={styles.menuLink} onClick={close} isListItem />
          </Suspense>
        )}
      </ul>
    </li>
  );
}
