/** The header navigation, shared by the desktop bar and the phone drawer. */

export interface NavChild {
  label: string;
  /** A route inside the app. */
  to?: string;
  /** A static page outside the app. */
  href?: string;
}

export type NavItem =
  | { kind: 'link'; label: string; to: string; end?: boolean }
  | {
      kind: 'menu';
      label: string;
      activePrefixes: readonly string[];
      children: readonly NavChild[];
    }
  | { kind: 'new-tab'; label: string; href: string };

export const mainNav: readonly NavItem[] = [
  { kind: 'link', label: '首页', to: '/', end: true },
  { kind: 'link', label: '高频', to: '/high' },
  { kind: 'link', label: '题库', to: '/question' },
  {
    kind: 'menu',
    label: '工具',
    activePrefixes: ['/tools', '/intensivelistening'],
    children: [
      { label: '收藏', to: '/tools/favorites' },
      { label: '精听', to: '/IntensiveListening' },
      { label: '水平测试', href: '/static/level-test.html' },
      { label: '迷你模考', href: '/static/mini-mock.html' },
    ],
  },
  { kind: 'link', label: '学习中心', to: '/data' },
  { kind: 'link', label: '微课', to: '/micro-course' },
  { kind: 'link', label: '资料', to: '/material' },
  { kind: 'link', label: '模考', to: '/mock' },
  { kind: 'new-tab', label: 'VIP', href: '/wow-vip' },
];

export const accountNav: NavItem = { kind: 'link', label: '个人中心', to: '/center' };

/** The signed-in account menu, before 退出登录. */
export const accountLinks: readonly { label: string; to: string }[] = [
  { label: '个人中心', to: '/center' },
];

/** True when the pathname is inside one of the prefixes (paths match case-insensitively). */
export function isUnder(pathname: string, prefixes: readonly string[]): boolean {
  const path = pathname.toLowerCase();
  return prefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}
