import type { ReactNode } from 'react';

/**
 * Stands in for antd's tooltip `UniqueProvider` inside antd's ConfigProvider (see vite.config.ts):
 * the provider wraps the app in it only when `tooltip.unique` is set, which ours never is, yet
 * importing it put @rc-component/trigger's shared-popup machinery (~9 kB gzip) into every page's
 * first load (issue 19: home ≤ 180 kB). Tooltips themselves still import the real one.
 */
export default function AntdNoUniqueTooltip({ children }: { children?: ReactNode }): ReactNode {
  return children;
}
