import { QueryClient } from '@tanstack/react-query';
// Not the http index: its client module would bring antd's message into the entry chunk.
import { HttpError } from '../lib/http/http-error';

/** One retry, and only for network failures: an error code from the server will not change. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (failureCount, error) =>
        failureCount < 1 && error instanceof HttpError && error.kind === 'network',
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
    mutations: { retry: false },
  },
});
