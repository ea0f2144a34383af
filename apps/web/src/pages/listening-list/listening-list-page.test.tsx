import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { onLoginRequested } from '../../lib/login-events';
import { renderApp } from '../../testing/render-app';
import { ok, signIn, stubApi } from '../../testing/stub-api';
import { ListeningListPage } from './listening-list-page';

const emptyList = ok({ list: [], total: 0, page: 1, perPage: 20 });
const route = (url: string) =>
  renderApp(url, [{ path: '/IntensiveListening/ListeningList', element: <ListeningListPage /> }]);

describe('ListeningListPage', () => {
  it('shows the due counts and opens 今日复习 in the URL', async () => {
    signIn(undefined, {
      'GET /api/listening/materials': emptyList,
      'GET /api/listening/review/counts': ok({ dueNow: 2, dueToday: 4, total: 9, nextDueAt: null }),
      'GET /api/listening/review/queue': ok({
        serverNow: '2026-11-26T00:00:00.000Z',
        cards: [],
        counts: { dueNow: 0, dueToday: 0, total: 9, nextDueAt: null },
      }),
    });
    const { router } = route('/IntensiveListening/ListeningList?source=WFD');
    expect(
      await screen.findByLabelText('今日复习数量', undefined, { timeout: 5000 }),
    ).toHaveTextContent('今日复习：现在到期 2 张 · 今天到期 4 张 · 复习卡片共 9 张');
    fireEvent.click(screen.getByRole('button', { name: '去复习' }));
    expect(router.state.location.search).toBe('?source=WFD&tab=review');
    expect(await screen.findByLabelText('复习数量', undefined, { timeout: 5000 })).toBeVisible();
  });

  it('asks a signed-out visitor to sign in for 今日复习 and keeps the materials', async () => {
    stubApi({ 'GET /api/listening/materials': emptyList });
    const asked: unknown[] = [];
    const stop = onLoginRequested((request) => asked.push(request));
    const { router } = route('/IntensiveListening/ListeningList?tab=review');
    expect(
      await screen.findByText('没有符合筛选条件的材料', undefined, { timeout: 5000 }),
    ).toBeVisible();
    fireEvent.click(screen.getByRole('tab', { name: /今日复习/ }));
    expect(asked).toHaveLength(1);
    expect(router.state.location.search).toBe('?tab=review');
    expect(screen.queryByLabelText('今日复习数量')).toBeNull();
    stop();
  });
});
