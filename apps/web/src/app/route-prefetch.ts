import type { LoaderFunctionArgs } from 'react-router';
import { itemListQueryOptions } from '../features/bank/api/list-items';
import { filtersFromUrl, parseTypeCode } from '../features/bank/list-url';
import { itemDetailQueryOptions } from '../features/practice/api/get-item-detail';
import { queryClient } from './query-client';
import type { PageKey } from './route-table';

/**
 * Starts a page's main request beside the page's code instead of after it (issue 23: on a phone
 * about 90 % of the list's and the exercise's LCP was the route's code, then the API, in turn).
 * The request's modules are in the entry chunk (the HTTP client, the query options and the list's
 * URL parsing: ~5 kB gzip, all zod-free), so the request leaves as soon as the router runs its
 * loader: imported on demand, it waited behind the dozens of chunks the route itself preloads. The
 * page's own query finds the data in the cache, or asks again if this failed. Fire and forget.
 */
export function prefetchRouteData(page: PageKey, { params, request }: LoaderFunctionArgs): void {
  if (page === 'exercise' && params['wpId']) {
    void queryClient.prefetchQuery(itemDetailQueryOptions(params['wpId']));
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
