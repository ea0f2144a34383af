import type { ItemDetail } from '@ninety/contract';
import { buildExampleItem } from '@ninety/contract/testing';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { onLoginRequested } from '../../../lib/login-events';
import { ok, stubApi } from '../../../testing/stub-api';
import { ExerciseView } from './exercise-view';
import { loadAllItemTypes } from '../../../testing/item-types';

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

// Each item type, and the result panel, is a chunk of its own (issue 23): loaded first, they
// show in the render that asks for them.
beforeAll(() =>
  Promise.all([loadAllItemTypes(), import('../../../item-types/shared/result-panel')]),
);

describe('a written item on the practice page', () => {
  it('shows the item line and asks a signed-out learner to sign in before the key or a submit', async () => {
    stubApi();
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
    const api = stubApi({
      'GET /api/posts/answer': ok(scored.answer),
      'POST /api/posts/examed': ok(scored),
      'GET /api/posts/attempts': ok({ list: [] }),
    });
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
    expect(api.requestsTo('POST /api/posts/examed')[0]?.body).toMatchObject({
      itemId: item.id,
      answer: { chosen: ['A'] },
    });
    await waitFor(() => expect(screen.getByRole('button', { name: /^重\s?做$/ })).toBeEnabled());
  });
});
