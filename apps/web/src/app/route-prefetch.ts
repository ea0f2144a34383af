import type { LoaderFunctionArgs } from 'react-router';
import { queryClient } from './query-client';
import type { PageKey } from './route-table';

/**
 * Starts a page's main request beside the page's code instead of after it (issue 23: on a phone
 * about 90 % of the list's and the exercise's LCP was the route's code, then the API, in turn).
 * The request's module is imported here on demand, so the entry chunk stays as small as it was;
 * the page's own query finds the data in the cache, or asks again if this failed. Fire and forget.
 */
export function prefetchRouteData(page: PageKey, { params, request }: LoaderFunctionArgs): void {
  if (page === 'exercise' && params['wpId']) {
    const id = params['wpId'];
    void import('../features/practice/api/get-item-detail')
      .then((module) => queryClient.prefetchQuery(module.itemDetailQueryOptions(id)))
      .catch(() => undefined);
  }
  if (page === 'question-list') {
    const search = new URL(request.url).searchParams;
    void Promise.all([
      import('../features/bank/list-url'),
      import('../features/bank/api/list-items'),
    ])
      .then(([url, list]) => {
        const code = url.parseTypeCode(params['type']);
        if (!code) return;
        return queryClient.prefetchQuery(
          list.itemListQueryOptions(url.filtersFromUrl(code, params['id'], search)),
        );
      })
      .catch(() => undefined);
  }
}
