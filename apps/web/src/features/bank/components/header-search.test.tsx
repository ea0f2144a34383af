import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { ok, stubApi } from '../../../testing/stub-api';
import { searchQueryParams } from '../api/search-items';
import { HeaderSearch } from './header-search';

const empty = ok({ list: [], total: 0, page: 1, perPage: 30 });

function renderSearch() {
  const router = createMemoryRouter([{ path: '*', element: <HeaderSearch id="search" /> }]);
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

describe('the header search (spec §7 getfuzzy)', () => {
  it('sends perPage=30, page and content, and leaves a falsy isReal and no termId out', () => {
    expect(searchQueryParams('coral')).toEqual({ perPage: 30, page: 1, content: 'coral' });
    expect(searchQueryParams('coral', 2, { isReal: false })).toEqual({
      perPage: 30,
      page: 2,
      content: 'coral',
    });
    expect(searchQueryParams('coral', 1, { isReal: true, termId: 'RA' })).toEqual({
      perPage: 30,
      page: 1,
      content: 'coral',
      isReal: 1,
      termId: 'RA',
    });
  });

  it('wires the 真题 toggle and the item-type filter through to the request', async () => {
    const api = stubApi({ 'GET /api/posts/getfuzzy': empty });
    renderSearch();
    await userEvent.type(screen.getByRole('combobox', { name: '搜索题目' }), 'coral');
    await waitFor(() => expect(api.requestsTo('GET /api/posts/getfuzzy')).toHaveLength(1));
    const first = api.requestsTo('GET /api/posts/getfuzzy')[0]!.url.searchParams;
    expect(first.get('perPage')).toBe('30');
    expect(first.get('content')).toBe('coral');
    expect(first.has('isReal')).toBe(false);
    expect(first.has('termId')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: /^真\s?题$/ }));
    await waitFor(() => expect(api.requestsTo('GET /api/posts/getfuzzy')).toHaveLength(2));
    expect(api.requestsTo('GET /api/posts/getfuzzy')[1]!.url.searchParams.get('isReal')).toBe('1');

    fireEvent.mouseDown(screen.getByRole('combobox', { name: '限定题型' }));
    await userEvent.click(await screen.findByTitle('朗读'));
    await waitFor(() => expect(api.requestsTo('GET /api/posts/getfuzzy')).toHaveLength(3));
    const third = api.requestsTo('GET /api/posts/getfuzzy')[2]!.url.searchParams;
    expect(third.get('termId')).toBe('RA');
    expect(third.get('isReal')).toBe('1');
  });
});
