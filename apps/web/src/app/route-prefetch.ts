import type { LoaderFunctionArgs } from 'react-router';
import { itemListQueryOptions } from '../features/bank/api/list-items';
import { filtersFromUrl, parseTypeCode } from '../features/bank/list-url';
import { itemDetailQueryOptions } from '../features/practice/api/get-item-detail';
import { loadItemType } from '../item-types/registry';
import { queryClient } from './query-client';
import type { PageKey } from './route-table';

/**
 * Starts a page's main request beside the page's code instead of after it (issue 23: on a phone
 * about 90 % of the list's and the exercise's LCP was the route's code, then the API, in turn).
 * The request's modules are in the entry chunk (the HTTP client, the query options and the list's
 * URL parsing: ~5 kB gzip, all zod-free), so the request leaves as soon as the router runs its
 * loader: imported on demand, it waited behind the dozens of chunks the route itself preloads. The
 * page's own query finds the data in the cache, or asks again if this failed; the exercise's item
 * type (its renderer, a chunk of its own) is asked for at once too: the registry's map of loaders
 * is in the entry (~0.5 kB), as a chunk of its own it made the type's chunk wait for it. Fire and
 * forget.
 */
export function prefetchRouteData(page: PageKey, { params, request }: LoaderFunctionArgs): void {
  if (page === 'exercise' && params['wpId']) {
    const item = queryClient.fetchQuery(itemDetailQueryOptions(params['wpId']));
    // The item's type is its own chunk: a type's route names it, so it loads beside the item; a
    // skill's route (exp/SPEAKING/…) learns it from the item.
    const code = parseTypeCode(params['typeCode']);
    const type = code ? Promise.resolve(code) : item.then((detail) => detail.type);
    // Failures are the page's to show: its own query asks again, its runner loads the type again.
    void item.catch(() => undefined);
    void type.then(loadItemType).catch(() => undefined);
  }
  if (page === 'question-list') {
    const code = parseTypeCode(params['type']);
    if (!code) return;
    const search = new URL(request.url).searchParams;
    void queryClient.prefetchQuery(
      itemListQueryOptions(filtersFromUrl(code, params['id'], search)),
    );
  }
}
