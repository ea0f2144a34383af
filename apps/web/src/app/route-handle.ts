import { useMatches } from 'react-router';
import type { PageKey } from './route-table';

/** What every page route carries in its `handle`. */
export interface RouteHandle {
  page: PageKey;
  title: string | undefined;
  background: string;
  keepAlive: boolean;
  isPublic: boolean;
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'page' in value && 'background' in value;
}

/** The handle of the deepest matched route that has one. */
export function useDeepestHandle(): RouteHandle | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle;
    if (isRouteHandle(handle)) return handle;
  }
  return undefined;
}
