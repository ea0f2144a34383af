import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { ANNOUNCER_ID, announce, focusHeading } from '../lib/announce';

/** How long a page may take to show its heading after a navigation before the title is said. */
const HEADING_WAIT_MS = 5000;

function isShown(element: HTMLElement): boolean {
  if (element.checkVisibility) return element.checkVisibility();
  // Without layout (jsdom): hidden by an attribute or by React's Activity (display: none).
  return !element.closest('[hidden], [style*="display: none"]');
}

/** An open dialog (the login dialog after a gated link) keeps the focus it took. */
function hasOpenDialog(): boolean {
  return [...document.querySelectorAll<HTMLElement>('[role="dialog"]')].some(isShown);
}

/**
 * After a navigation inside the app, focus goes to the new page's h1 (a screen reader reads it,
 * the next Tab starts in the page), or the title is announced when the page shows none in time;
 * the first page load leaves focus where the browser put it (issue 23: a route change was
 * silent and focus stayed on the link of a page no longer shown). Renders the page's one polite
 * live region, which lib/announce.ts writes to.
 */
export function RouteFocus() {
  const { pathname } = useLocation();
  // The first page, and an effect run again for the same page (StrictMode), move nothing.
  const shownPathname = useRef(pathname);

  useEffect(() => {
    if (shownPathname.current === pathname) return;
    shownPathname.current = pathname;
    // The page's heading may come a moment later (its data): watch the DOM, not the clock.
    const settle = (): boolean => {
      if (hasOpenDialog()) return true;
      const heading = [...document.querySelectorAll<HTMLElement>('main h1')].find(isShown);
      if (!heading) return false;
      focusHeading(heading, { reveal: false });
      return true;
    };
    if (settle()) return;
    const observer = new MutationObserver(() => {
      if (settle()) stop();
    });
    const timer = window.setTimeout(() => {
      stop();
      announce(document.title);
    }, HEADING_WAIT_MS);
    function stop() {
      observer.disconnect();
      window.clearTimeout(timer);
    }
    observer.observe(document.body, { childList: true, subtree: true, attributes: true });
    return stop;
  }, [pathname]);

  return <div id={ANNOUNCER_ID} role="status" aria-live="polite" className="visually-hidden" />;
}

/** "跳到主要内容": the first Tab stop, past the header's links to the page itself. */
export function SkipLink() {
  return (
    <a
      className="skip-link"
      href="#main"
      onClick={(event) => {
        // The router would take a hash change for a navigation; focusing is all that is needed.
        event.preventDefault();
        focusHeading(document.getElementById('main'));
      }}
    >
      跳到主要内容
    </a>
  );
}
