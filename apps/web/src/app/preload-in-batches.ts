/**
 * The built app's preload helper (issue 23, ADR 0037): what Vite's own does for a lazy chunk
 * (its imports linked as modulepreload so they load beside it, its CSS linked and awaited before
 * the chunk runs), with the script links added a few per task instead of all at once.
 *
 * Chromium spends 1–2 ms of main thread on each `<link rel="modulepreload">` appended (measured
 * in the page, unthrottled): the question list's page chunk brings 41 links, ~90 ms in the task
 * that creates the router, ~360 ms on Lighthouse's throttled phone, all of it blocking time.
 * Without the links the imports arrive as a chain of round trips (tried, ADR 0037). In batches
 * the same links are added within a few tasks of the import, long before the chunk itself has
 * arrived and named them, and no task is long.
 *
 * `vite.config.ts` (`preloadInBatches()` in build/preload-in-batches.ts) makes the bundle use it
 * in place of Vite's helper; the call contract is Vite's: `(importer, deps, importerUrl)`, deps
 * relative to the base URL. Browsers without modulepreload get Vite's polyfill (the entry's), as
 * with Vite's helper.
 */

/** Links per task: ~2 ms each unthrottled, so a batch stays well under 50 ms on a slow phone. */
export const LINKS_PER_TASK = 6;

/** Hrefs already linked (by the HTML or an earlier call), and the CSS still loading. */
let linked: Set<string> | undefined;
const stylesLoading = new Map<string, Promise<void>>();
const queue: string[] = [];
let isFlushScheduled = false;

function linkedHrefs(): Set<string> {
  if (!linked) {
    linked = new Set();
    for (const link of Array.from(document.getElementsByTagName('link'))) linked.add(link.href);
  }
  return linked;
}

function appendLink(href: string, rel: string): HTMLLinkElement {
  const link = document.createElement('link');
  link.rel = rel;
  if (rel === 'modulepreload') link.as = 'script';
  link.crossOrigin = '';
  link.href = href;
  document.head.appendChild(link);
  return link;
}

function flush(): void {
  for (const href of queue.splice(0, LINKS_PER_TASK)) appendLink(href, 'modulepreload');
  if (queue.length > 0) setTimeout(flush, 0);
  else isFlushScheduled = false;
}

function stylesheet(href: string): Promise<void> | undefined {
  const loading = stylesLoading.get(href);
  if (loading) return loading;
  const hrefs = linkedHrefs();
  if (hrefs.has(href)) return undefined;
  hrefs.add(href);
  const link = appendLink(href, 'stylesheet');
  const loaded = new Promise<void>((resolve, reject) => {
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => reject(new Error(`Unable to preload CSS for ${href}`)), {
      once: true,
    });
  }).finally(() => stylesLoading.delete(href));
  stylesLoading.set(href, loaded);
  return loaded;
}

/** As Vite's helper: a failed preload is announced, and rethrown unless a listener handles it. */
function announce(error: unknown): void {
  const event = new Event('vite:preloadError', { cancelable: true }) as Event & {
    payload?: unknown;
  };
  event.payload = error;
  window.dispatchEvent(event);
  if (!event.defaultPrevented) throw error;
}

export function preloadInBatches<T>(
  importer: () => Promise<T>,
  deps?: readonly string[],
): Promise<T> {
  const styles: Promise<void>[] = [];
  if (deps && deps.length > 0) {
    const hrefs = linkedHrefs();
    for (const dep of deps) {
      const href = new URL(import.meta.env.BASE_URL + dep, document.baseURI).href;
      if (href.endsWith('.css')) {
        const loading = stylesheet(href);
        if (loading) styles.push(loading);
      } else if (!hrefs.has(href)) {
        hrefs.add(href);
        queue.push(href);
      }
    }
    // The first batch now, beside the import; the rest in the tasks after it.
    if (queue.length > 0 && !isFlushScheduled) {
      isFlushScheduled = true;
      flush();
    }
  }
  return Promise.allSettled(styles).then((settled) => {
    for (const result of settled) if (result.status === 'rejected') announce(result.reason);
    return importer().catch((error: unknown) => {
      announce(error);
      return undefined as T;
    });
  });
}
