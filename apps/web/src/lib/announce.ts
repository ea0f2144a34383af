/** The id of the page's one polite live region (rendered by the root shell). */
export const ANNOUNCER_ID = 'live-announcer';

let pending: number | undefined;

/**
 * Says a sentence through the page's polite live region: a move in an exercise, a score, the page
 * that opened. The region is emptied first, so the same sentence said twice is heard twice.
 */
export function announce(message: string): void {
  let region = document.getElementById(ANNOUNCER_ID);
  if (!region) {
    // Outside the app shell (a test, a page of its own): a region of its own.
    region = document.createElement('div');
    region.id = ANNOUNCER_ID;
    region.setAttribute('role', 'status');
    region.setAttribute('aria-live', 'polite');
    region.className = 'visually-hidden';
    document.body.append(region);
  }
  const target = region;
  target.textContent = '';
  window.clearTimeout(pending);
  pending = window.setTimeout(() => {
    target.textContent = message;
  }, 60);
}

/**
 * Focuses an element that is not a control (a heading), without a scroll jump; `reveal` then
 * brings it just into view. A page change passes `reveal: false`: the router has already placed
 * the scroll (the top, or where the learner was when they come back).
 */
export function focusHeading(element: HTMLElement | null, { reveal = true } = {}): void {
  if (!element) return;
  if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
  element.focus({ preventScroll: true });
  if (reveal) element.scrollIntoView?.({ block: 'nearest' });
}
