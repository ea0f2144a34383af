import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';

let shownPathname: string | undefined;

/**
 * The pathname the router currently shows, undefined before the first page is on screen. Loaders
 * only see where a navigation goes; the route gate also needs where it comes from.
 */
export function getShownPathname(): string | undefined {
  return shownPathname;
}

/** Keeps getShownPathname() in step with the router that renders this component. */
export function useTrackShownLocation(): void {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    shownPathname = pathname;
    return () => {
      shownPathname = undefined;
    };
  }, [pathname]);
}
