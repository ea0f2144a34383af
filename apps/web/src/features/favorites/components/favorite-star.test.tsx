import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok, stubApi } from '../../../testing/stub-api';
import { FavoriteStar } from './favorite-star';

function renderStar(color: number | null) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <FavoriteStar itemId="ro-0001" color={color} />
    </QueryClientProvider>,
  );
}

describe('FavoriteStar', () => {
  it('opens its menu on the first click, though the menu code comes with that click', async () => {
    const api = stubApi({
      'POST /api/userCollect/addUserCollect': ok({ itemId: 'ro-0001', label: 3 }),
    });
    renderStar(null);
    await userEvent.click(screen.getByRole('button', { name: /收\s?藏/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /绿色/ }));
    await waitFor(() =>
      expect(api.requestsTo('POST /api/userCollect/addUserCollect')).toHaveLength(1),
    );
    expect(api.requestsTo('POST /api/userCollect/addUserCollect')[0]?.body).toEqual({
      itemId: 'ro-0001',
      label: 3,
    });
  });

  it('offers to take a starred item out', async () => {
    stubApi();
    renderStar(2);
    await userEvent.click(screen.getByRole('button', { name: '已收藏（黄色）' }));
    expect(await screen.findByRole('menuitem', { name: '取消收藏' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: /黄色（当前）/ })).toBeInTheDocument();
  });
});
