import { useEffect } from 'react';

/**
 * Puts what the page shows in front of the route's title, e.g. "阅读单选 RMCS #1 Roman roads ·
 * 练习 - Ninety PTE" (issue 23: every exercise was "练习 - Ninety PTE", every list "题目列表 -
 * Ninety PTE", so tabs, history and a screen reader's page announcement could not tell them
 * apart). The route's own title, which the shell sets, comes back when the page goes.
 */
export function usePageTitle(detail: string | null | undefined): void {
  useEffect(() => {
    if (!detail) return;
    const routeTitle = document.title;
    const title = `${detail} · ${routeTitle}`;
    document.title = title;
    return () => {
      if (document.title === title) document.title = routeTitle;
    };
  }, [detail]);
}
