import {
  paperItemTiming,
  type ItemTypeCode,
  type MockCurrentItem,
  type MockPaperState,
} from '@ninety/contract';
import { buildExampleItem } from '@ninety/contract/testing';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type * as captureModule from '../../../lib/audio/capture';
import type { Microphone } from '../../../lib/audio/capture';
import { loadAllItemTypes } from '../../../testing/item-types';
import { renderApp } from '../../../testing/render-app';
import { ok, stubApi } from '../../../testing/stub-api';
import { ExamScreen } from './exam-screen';

/**
 * A speaking question on the exam screen with a microphone that opens (exam-screen.test.tsx has
 * none): what the paper is sent when the learner moves on before recording.
 */

const close = vi.fn();
vi.mock('../../../lib/audio/capture', async (importOriginal) => ({
  ...(await importOriginal<typeof captureModule>()),
  openMicrophone: (): Promise<Microphone> =>
    Promise.resolve({
      stream: {} as MediaStream,
      label: 'Test Mic',
      contextRate: 16000,
      listen: () => () => undefined,
      tone: () => Promise.resolve(),
      onLost: () => () => undefined,
      close,
    }),
}));

const PAPER_ID = 'paper_abcdefghijklmnop';

function current(index: number, type: ItemTypeCode): MockCurrentItem {
  const item = buildExampleItem(type) as { id: string; content: Record<string, unknown> };
  return {
    index,
    partId: 'part-1',
    numberInPart: index + 1,
    itemId: item.id,
    type,
    timing: paperItemTiming({ id: item.id, type }),
    content: item.content,
    clock: 'item',
    startedAt: new Date().toISOString(),
    deadline: new Date(Date.now() + 120_000).toISOString(),
    remainingSeconds: 120,
    draft: null,
    draftSavedAt: null,
  };
}

function paperState(item: MockCurrentItem): MockPaperState {
  const now = new Date().toISOString();
  return {
    id: PAPER_ID,
    status: 'in_progress',
    blueprint: {
      id: 'section-speaking',
      version: 1,
      kind: 'section',
      nameZh: '口语',
      nameEn: 'Speaking Test',
    },
    serverNow: now,
    createdAt: now,
    finishedAt: null,
    finishedBy: null,
    resumableUntil: new Date(Date.now() + 72 * 3600_000).toISOString(),
    itemCount: 2,
    parts: [
      {
        id: 'part-1',
        section: 'speaking-writing',
        titleEn: 'Part 1: Speaking and Writing',
        titleZh: '第一部分：口语与写作',
        sectionSeconds: null,
        firstIndex: 0,
        itemCount: 2,
      },
    ],
    items: [],
    current: item,
    progress: { done: item.index, total: 2 },
  };
}

beforeAll(() => loadAllItemTypes());

describe('ExamScreen, a speaking question', () => {
  it('Next during the preparation, confirmed, sends no answer and shows the next question', async () => {
    const api = stubApi({
      [`GET /api/mock/papers/${PAPER_ID}`]: ok(paperState(current(0, 'RA'))),
      [`POST /api/mock/papers/${PAPER_ID}/items/0/answer`]: ok(paperState(current(1, 'RS'))),
    });
    renderApp('/exam', [
      { path: '/exam', element: <ExamScreen paperId={PAPER_ID} isFreshStart /> },
    ]);
    const question = await screen.findByRole('region', { name: 'Question 1' });
    const status = within(question).getByRole('status', { name: '录音状态' });
    await vi.waitFor(() => expect(status).toHaveTextContent(/Beginning in \d+ seconds/));
    fireEvent.click(within(question).getByRole('button', { name: 'Next' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes' }));

    await screen.findByRole('region', { name: 'Question 2' });
    // The one thing sent is the unanswered item: no recording was made, so none was uploaded.
    const sent = api.requests.filter((request) => request.method !== 'GET');
    expect(sent.map((request) => [request.url.pathname, request.body])).toEqual([
      [`/api/mock/papers/${PAPER_ID}/items/0/answer`, { answer: null }],
    ]);
    expect(close).toHaveBeenCalled();
  });
});
