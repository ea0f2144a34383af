import type { ItemDetail } from '@ninety/contract';
import { buildExampleItem } from '@ninety/contract/testing';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { queryClient } from '../../../app/query-client';
import { resetHttpState } from '../../../lib/http';
import { onLoginRequested } from '../../../lib/login-events';
import { ExerciseView } from './exercise-view';

/** A written item on the practice page: the shell around the runner (meta, 查看答案, counting). */

const item = buildExampleItem('RMCS') as { id: string; content: unknown };
const detail = {
  id: item.id,
  type: 'RMCS',
  number: 7,
  title: 'Coral reefs',
  practiceCount: 12,
  content: item.content,
} as unknown as ItemDetail;

const scored = {
  attempt: {
    id: 'a1',
    itemId: item.id,
    type: 'RMCS',
    answer: { chosen: ['A'] },
    score: 1,
    max: 1,
    result: {
      kind: 'choices',
      score: 1,
      max: 1,
      options: [
        { id: 'A', chosen: true, correct: true },
        { id: 'B', chosen: false, correct: false },
      ],
    },
    scoringProfile: 'pte-2025-08',
    timeSpentSeconds: 5,
    createdAt: '2026-01-01T00:00:00.000Z',
  },
  answer: { id: item.id, key: {}, explanationZh: '第一段说明了原因。' },
  energy: 3,
};

function renderView(onScored?: () => void) {
  const router = createMemoryRouter(
    [{ path: '*', element: <ExerciseView detail={detail} onScored={onScored} /> }],
    { initialEntries: [`/exp/RMCS/${item.id}`] },
  );
  return render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

/** The server's answers by `METHOD /path`; anything else answers like its 404. */
const routes = new Map<string, unknown>();
const fetchMock = vi.fn(async (input: string | URL | Request, init: RequestInit = {}) => {
  const url = new URL(String(input), 'http://localhost');
  const route = `${(init.method ?? 'GET').toUpperCase()} ${url.pathname}`;
  return routes.has(route)
    ? Response.json({ data: routes.get(route) })
    : Response.json({ status: 404 }, { status: 404 });
});
const bodiesTo = (route: string) =>
  fetchMock.mock.calls
    .filter(([input, init]) => {
      const url = new URL(String(input), 'http://localhost');
      return `${(init?.method ?? 'GET').toUpperCase()} ${url.pathname}` === route;
    })
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);

beforeEach(() => {
  routes.clear();
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  resetHttpState();
  queryClient.clear();
  localStorage.clear();
});

describe('a written item on the practice page', () => {
  it('shows the item line and asks a signed-out learner to sign in before the key or a submit', async () => {
    const asked = vi.fn();
    const stop = onLoginRequested(asked);
    renderView();
    expect(screen.getByText('#7 Coral reefs')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '查看答案' }));
    await userEvent.click(screen.getByRole('button', { name: /^提\s?交$/ }));
    expect(asked).toHaveBeenCalledTimes(2);
    stop();
  });

  it('opens the key on request, and a scored answer hides it, shows the result and counts once', async () => {
    localStorage.setItem('token', 'learner-token');
    routes.set('GET /api/posts/answer', scored.answer);
    routes.set('POST /api/posts/examed', scored);
    routes.set('GET /api/posts/attempts', { list: [] });
    const onScored = vi.fn();
    renderView(onScored);
    await userEvent.click(screen.getByRole('button', { name: '查看答案' }));
    expect(await screen.findByRole('region', { name: '答案与解析' })).toBeInTheDocument();

    await userEvent.click(screen.getAllByRole('radio')[0]!);
    await userEvent.click(screen.getByRole('button', { name: /^提\s?交$/ }));
    expect(await screen.findByRole('region', { name: '评分结果' })).toHaveTextContent(
      '你的选择：A',
    );
    expect(screen.queryByRole('region', { name: '答案与解析' })).not.toBeInTheDocument();
    expect(onScored).toHaveBeenCalledTimes(1);
    expect(bodiesTo('POST /api/posts/examed')[0]).toMatchObject({
      itemId: item.id,
      answer: { chosen: ['A'] },
    });
    await waitFor(() => expect(screen.getByRole('button', { name: /^重\s?做$/ })).toBeEnabled());
  });
});
