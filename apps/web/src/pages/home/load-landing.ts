import { loadWithReload } from '../../lib/load-with-reload';
import type { Landing } from './landing';

interface LandingModule {
  Landing: typeof Landing;
}

let landing: Promise<LandingModule> | undefined;

/**
 * The signed-out landing is a chunk of its own, so a learner's home does not load it (issue 19:
 * signed-in home's first load ≤ 180 kB gzip). The home page's loader starts it beside the page's
 * own code and waits for both; the promise carries React's `status`/`value` fields once loaded, so
 * `use()` reads it without suspending and the landing (home's LCP) paints with the page.
 */
export function loadLanding(): Promise<LandingModule> {
  if (!landing) {
    const loading = loadWithReload<LandingModule>(() => import('./landing'));
    void loading.then(
      (value) => Object.assign(loading, { status: 'fulfilled', value }),
      () => undefined,
    );
    landing = loading;
  }
  return landing;
}
