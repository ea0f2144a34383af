import { Drawer } from 'antd';
import { NavLink } from 'react-router';
import { AccountEntry } from '../../features/auth/components/account-entry';
import { HeaderSearch } from '../../features/bank/components/header-search';
import type { NavItem } from './nav-items';
import styles from './nav-drawer.module.css';

interface NavDrawerProps {
  isOpen: boolean;
  items: readonly NavItem[];
  onClose: () => void;
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `${styles.link} ${isActive ? styles.active : ''}`;

/** The header links for narrow screens; loaded on first use to keep antd's Drawer off the home page. */
export function NavDrawer({ isOpen, items, onClose }: NavDrawerProps) {
  return (
    <Drawer title="导航" placement="right" size={280} open={isOpen} onClose={onClose}>
      {/* 个人中心 is in the list below already. */}
      <AccountEntry variant="drawer" links={[]} onNavigate={onClose} />
      <div className={styles.search}>
        <HeaderSearch id="drawer-search" onNavigate={onClose} />
      </div>
      <nav aria-label="导航菜单">
        <ul className={styles.list}>
          {items.map((item) => {
            if (item.kind === 'link') {
              return (
                <li key={item.label}>
                  <NavLink to={item.to} end={item.end} className={linkClass} onClick={onClose}>
                    {item.label}
                  </NavLink>
                </li>
              );
            }
            if (item.kind === 'new-tab') {
              return (
                <li key={item.label}>
                  <a
                    href={item.href}
                    target="_blank"
                    rel="noopener"
                    className={styles.link}
                    onClick={onClose}
                  >
                    {item.label}
                  </a>
                </li>
              );
            }
            return (
              <li key={item.label}>
                <span className={styles.group}>{item.label}</span>
                <ul className={styles.subList}>
                  {item.children.map((child) => (
                    <li key={child.label}>
                      {child.to ? (
                        <NavLink to={child.to} className={linkClass} onClick={onClose}>
                          {child.label}
                        </NavLink>
                      ) : (
                        <a href={child.href} className={styles.link} onClick={onClose}>
                          {child.label}
                        </a>
                      )}
                    </li>
                  ))}
                </ul>
              </li>
            );
          })}
        </ul>
      </nav>
    </Drawer>
  );
}
