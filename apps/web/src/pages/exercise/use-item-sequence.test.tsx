import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { ok, stubApi } from '../../testing/stub-api';
import { parseSequenceSource } from './item-sequence';
import { useItemSequence } from './use-item-sequence';

const row = (n: number) => ({
  id: `wfd-${String(n).padStart(4, '0')}`,
  type: 'WFD',
  number: n,
  title: `T${n}`,
});
/** A bank of 45 WFD items, 20 per page, as /api/postsV2/list would page it. */
function listAnswer(request: { url: URL }) {
  const page = Number(request.url.searchParams.get('page'));
  const items = Array.from({ length: 45 }, (_, index) => row(index + 1)).slice(
    (page - 1) * 20,
    page * 20,
  );
  return ok({ list: items, total: 45, page, perPage: 20 });
}

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe('useItemSequence across the pages of a question list', () => {
  it('the last item of page 1 leads to the first of page 2, carrying page 2 as its list', async () => {
    const api = stubApi({ 'GET /api/postsV2/list': listAnswer });
    const source = parseSequenceSource('/question-list/WFD/1?type=4');
    const { result } = renderHook(() => useItemSequence(source, 'wfd-0020'), { wrapper });
    await waitFor(() => expect(result.current?.next).toBeTruthy());
    expect(result.current).toMatchObject({
      position: 20,
      total: 45,
      previous: { item: { id: 'wfd-0019' }, from: '/question-list/WFD/1?type=4' },
      next: { item: { id: 'wfd-0021' }, from: '/question-list/WFD/2?type=4' },
    });
    expect(
      api.requestsTo('GET /api/postsV2/list').map((r) => r.url.searchParams.get('page')),
    ).toEqual(['1', '2']);
  });

  it('the first item of page 3 leads back to the last of page 2; the last item overall has no next', async () => {
    stubApi({ 'GET /api/postsV2/list': listAnswer });
    const first = renderHook(
      () => useItemSequence(parseSequenceSource('/question-list/WFD/3'), 'wfd-0041'),
      { wrapper },
    );
    await waitFor(() => expect(first.result.current?.previous).toBeTruthy());
    expect(first.result.current?.previous).toMatchObject({
      item: { id: 'wfd-0040' },
      from: '/question-list/WFD/2',
    });
    const last = renderHook(
      () => useItemSequence(parseSequenceSource('/question-list/WFD/3'), 'wfd-0045'),
      { wrapper },
    );
    await waitFor(() => expect(last.result.current).toBeTruthy());
    expect(last.result.current).toMatchObject({ position: 45, next: null });
  });
});
