import { MenuOutlined, SearchOutlined } from '@ant-design/icons';
import { lazy, Suspense, useState } from 'react';
import { Link, NavLink } from 'react-router';
// The light entry module, not the feature's index: the menu itself is loaded when signed in.
import { AccountEntry } from '../../features/auth/components/account-entry';
import { loadWithReload } from '../../lib/load-with-reload';
import { ToolsMenu } from './tools-menu';
import { accountLinks, accountNav, mainNav } from './nav-items';
import type { NavItem } from './nav-items';
import styles from './site-header.module.css';

const importDrawer = () => import('./nav-drawer');
const NavDrawer = lazy(() =>
  loadWithReload(importDrawer).then((module) => ({ default: module.NavDrawer })),
);

// The search box brings antd's AutoComplete, the HTTP client and the contract's schemas (≈120 kB
// gzip): a plain input stands in for it until the learner reaches for it, so pages that are only
// looked at never download it.
const importSearch = () => import('../../features/bank/components/header-search');
const HeaderSearch = lazy(() =>
  loadWithReload(importSearch).then((module) => ({ default: module.HeaderSearch })),
);

/** The header's search: a native input until focused, then the full search box with what was typed. */
function SearchEntry() {
  const [isActive, setIsActive] = useState(false);
  // Whether the caret is still in the stand-in: a learner who tabbed on while the search box
  // loaded must not be pulled back to it (issue 23, WCAG 2.4.3 / 3.2.1).
  const [hasFocus, setHasFocus] = useState(false);
  const [text, setText] = useState('');
  const field = (
    <span className={styles.searchField}>
      <SearchOutlined aria-hidden className={styles.searchIcon} />
      <input
        type="search"
        aria-label="搜索题目"
        placeholder="搜索题目"
        value={text}
        // Once active this input only shows while the search box loads: keep the caret in it.
        autoFocus={isActive && hasFocus}
        onChange={(event) => setText(event.target.value)}
        onPointerEnter={() => void importSearch()}
        onFocus={() => {
          setHasFocus(true);
          setIsActive(true);
        }}
        onBlur={() => setHasFocus(false)}
      />
    </span>
  );
  return (
    <Suspense fallback={field}>
      {isActive ? <HeaderSearch id="site-search" initialText={text} autoFocus={hasFocus} /> : field}
    </Suspense>
  );
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `${styles.link} ${isActive ? styles.active : ''}`;

function HeaderItem({ item }: { item: NavItem }) {
  if (item.kind === 'menu') return <ToolsMenu item={item} />;
  if (item.kind === 'new-tab') {
    return (
      <li>
        <a
          href={item.href}
          target="_blank"
          rel="noopener"
          className={`${styles.link} ${styles.vip}`}
        >
          {item.label}
        </a>
      </li>
    );
  }
  return (
    <li>
      <NavLink to={item.to} end={item.end} className={linkClass}>
        {item.label}
      </NavLink>
    </li>
  );
}

export function SiteHeader() {
  const [isDrawerOpen, setIsDrawerOpen] = useState(false);
  const [hasDrawer, setHasDrawer] = useState(false);

  const openDrawer = () => {
    setHasDrawer(true);
    setIsDrawerOpen(true);
  };

  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Link to="/" className={styles.brand} aria-label="Ninety 首页">
          <span className={styles.logo} aria-hidden>
            90
          </span>
          Ninety
        </Link>
        <nav className={styles.nav} aria-label="主导航">
          <ul className={styles.links}>
            {mainNav.map((item) => (
              <HeaderItem key={item.label} item={item} />
            ))}
          </ul>
          <ul className={styles.links}>
            <li className={styles.search}>
              <SearchEntry />
            </li>
            <HeaderItem item={accountNav} />
            <li>
              <AccountEntry variant="bar" links={accountLinks} />
            </li>
          </ul>
        </nav>
        <button
          type="button"
          className={styles.hamburger}
          aria-label="打开导航菜单"
          aria-expanded={isDrawerOpen}
          // Start fetching the drawer's code as soon as the learner reaches for the button.
          onPointerEnter={() => void importDrawer()}
          onFocus={() => void importDrawer()}
          onClick={openDrawer}
        >
          <MenuOutlined aria-hidden />
        </button>
      </div>
      {hasDrawer && (
        <Suspense fallback={null}>
          <NavDrawer
            isOpen={isDrawerOpen}
            items={[...mainNav, accountNav]}
            onClose={() => setIsDrawerOpen(false)}
          />
        </Suspense>
      )}
    </header>
  );
}
