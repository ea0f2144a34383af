import {
  paperItemTiming,
  type ItemTypeCode,
  type MockCurrentItem,
  type MockPaperState,
} from '@ninety/contract';
import { buildExampleItem } from '@ninety/contract/testing';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as captureModule from '../../../lib/audio/capture';
import type { Microphone } from '../../../lib/audio/capture';
import { loadAllItemTypes } from '../../../testing/item-types';
import { renderApp } from '../../../testing/render-app';
import { ok, stubApi } from '../../../testing/stub-api';
import { ExamScreen } from './exam-screen';

// A microphone that opens and hears nothing: speaking questions start, checks never pass.
const closeMicrophone = vi.fn();
vi.mock('../../../lib/audio/capture', async (importOriginal) => ({
  ...(await importOriginal<typeof captureModule>()),
  openMicrophone: async (): Promise<Microphone> =>
    (await import('../../../testing/fake-microphone')).fakeMicrophone({ close: closeMicrophone }),
}));

const PAPER_ID = 'paper_abcdefghijklmnop';
const NOW = Date.UTC(2026, 10, 26, 1, 0, 0);

function current(index: number, type: ItemTypeCode, remainingSeconds: number): MockCurrentItem {
  const item = buildExampleItem(type) as { id: string; content: Record<string, unknown> };
  return {
    index,
    partId: 'part-2',
    numberInPart: index + 1,
    itemId: item.id,
    type,
    timing: paperItemTiming({ id: item.id, type }),
    content: item.content,
    clock: 'section',
    startedAt: new Date(NOW - 60_000).toISOString(),
    deadline: new Date(NOW + remainingSeconds * 1000).toISOString(),
    remainingSeconds,
    draft: null,
    draftSavedAt: null,
  };
}

function paperState(item: MockCurrentItem | null): MockPaperState {
  return {
    id: PAPER_ID,
    status: item ? 'in_progress' : 'scoring',
    blueprint: {
      id: 'section-reading',
      version: 1,
      kind: 'section',
      nameZh: '阅读',
      nameEn: 'Reading Test',
    },
    serverNow: new Date(NOW).toISOString(),
    createdAt: new Date(NOW - 60_000).toISOString(),
    finishedAt: null,
    finishedBy: null,
    resumableUntil: new Date(NOW + 72 * 3600_000).toISOString(),
    itemCount: 2,
    parts: [
      {
        id: 'part-2',
        section: 'reading',
        titleEn: 'Part 2: Reading',
        titleZh: '第二部分：阅读',
        sectionSeconds: 600,
        firstIndex: 0,
        itemCount: 2,
      },
    ],
    items: [],
    current: item,
    progress: { done: 0, total: 2 },
  };
}

function renderExam(isFreshStart = false) {
  return renderApp('/exam', [
    {
      path: '/exam',
      element: (
        <Routes>
          <Route path="*" element={<ExamScreen paperId={PAPER_ID} isFreshStart={isFreshStart} />} />
        </Routes>
      ),
    },
  ]);
}

// Each item type is its own chunk (issue 23): loaded first, an item shows in its first render.
beforeAll(() => loadAllItemTypes());

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

describe('ExamScreen', () => {
  it('resumes after a reload on the same item with the time the server holds', async () => {
    const api = stubApi({
      [`GET /api/mock/papers/${PAPER_ID}`]: ok(paperState(current(1, 'RMCS', 125))),
    });
    renderExam();
    await screen.findByRole('region', { name: 'Resume' });
    expect(screen.getByText(/continue with question 2 of 2/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    // The clock is read again on Continue, then counts down from the server's remaining time.
    await screen.findByRole('region', { name: 'Question 2' });
    expect(api.requestsTo(`GET /api/mock/papers/${PAPER_ID}`)).toHaveLength(2);
    await vi.waitFor(() =>
      expect(screen.getByRole('timer', { name: 'Time Remaining' })).toHaveTextContent('02:05'),
    );
    expect(screen.getByLabelText('Question counter')).toHaveTextContent('2 of 2');
  });

  it('keeps a chosen answer through a lost connection, says so, and moves on once it arrives', async () => {
    let isOnline = false;
    const api = stubApi({
      [`GET /api/mock/papers/${PAPER_ID}`]: ok(paperState(current(0, 'RMCS', 300))),
      [`POST /api/mock/papers/${PAPER_ID}/items/0/answer`]: () =>
        isOnline
          ? ok(paperState(current(1, 'RMCS', 290)))
          : { status: 503, body: { code: 50300, msg: '暂不可用' } },
    });
    renderExam();
    fireEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    await screen.findByRole('region', { name: 'Question 1' });
    fireEvent.click(screen.getAllByRole('radio')[1]!);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    expect(await screen.findByText(/Connection lost/)).toBeInTheDocument();
    isOnline = true;
    await act(() => vi.advanceTimersByTimeAsync(3500));
    await screen.findByRole('region', { name: 'Question 2' });
    expect(screen.queryByText(/Connection lost/)).not.toBeInTheDocument();
    const sent = api.requestsTo(`POST /api/mock/papers/${PAPER_ID}/items/0/answer`);
    expect(sent.length).toBeGreaterThanOrEqual(2);
    expect(sent.at(-1)!.body).toEqual({ answer: { chosen: ['B'] } });
  });

  it('shows the end of the test with the way to the report', async () => {
    stubApi({ [`GET /api/mock/papers/${PAPER_ID}`]: ok(paperState(null)) });
    renderExam();
    const end = await screen.findByRole('region', { name: 'Test Complete' });
    expect(end).toHaveTextContent('Scoring is under way');
    expect(screen.getByRole('link', { name: 'View score report' })).toHaveAttribute(
      'href',
      `/mock/report/${PAPER_ID}`,
    );
  });

  it('says in English that a saved answer came back, with no Chinese on the exam screen', async () => {
    const item = { ...current(0, 'WE', 900), clock: 'item' as const };
    item.draft = { text: 'Online courses are flexible.' };
    stubApi({ [`GET /api/mock/papers/${PAPER_ID}`]: ok(paperState(item)) });
    const { container } = renderExam();
    fireEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    await screen.findByRole('region', { name: 'Question 1' });
    expect(await screen.findByText(/Your saved answer has been restored/)).toBeInTheDocument();
    expect(screen.getByLabelText('作文')).toHaveValue('Online courses are flexible.');
    // Cut, Copy, Paste and the word count, as on the test's writing screens.
    for (const name of ['Cut', 'Copy', 'Paste']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    expect(screen.getByText('Total Word Count: 4')).toBeInTheDocument();
    expect(container.textContent).not.toMatch(/[\u4e00-\u9fff]/);
  });

  it('checks the microphone again after a reload before the next speaking question', async () => {
    stubApi({
      [`GET /api/mock/papers/${PAPER_ID}`]: ok(
        paperState({ ...current(0, 'RA', 60), clock: 'item' }),
      ),
    });
    renderExam();
    fireEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    const check = await screen.findByRole('region', { name: 'Microphone Check' });
    expect(check).toHaveTextContent('Your test was interrupted');
    expect(screen.queryByRole('region', { name: 'Question 1' })).not.toBeInTheDocument();
    // Not passed: the question does not start.
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('goes straight to a written question after a reload (no microphone needed there)', async () => {
    stubApi({ [`GET /api/mock/papers/${PAPER_ID}`]: ok(paperState(current(0, 'RMCS', 300))) });
    renderExam();
    fireEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    await screen.findByRole('region', { name: 'Question 1' });
    expect(screen.queryByRole('region', { name: 'Microphone Check' })).not.toBeInTheDocument();
  });

  it('offers a volume slider in the audio box and plays the prompt at that level', async () => {
    stubApi({
      [`GET /api/mock/papers/${PAPER_ID}`]: ok(paperState(current(0, 'LMCS', 300))),
    });
    renderExam();
    fireEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    await screen.findByRole('region', { name: 'Question 1' });
    const slider = screen.getByRole('slider', { name: 'Volume' });
    expect(slider).toHaveAttribute('aria-valuenow', '100');
    fireEvent.keyDown(slider, { key: 'ArrowLeft', keyCode: 37, which: 37 });
    await vi.waitFor(() => expect(slider).toHaveAttribute('aria-valuenow', '99'));
    const audio = screen.getByRole('region', { name: 'Question 1' }).querySelector('audio')!;
    expect(audio.volume).toBeCloseTo(0.99);
  });

  it('keeps notes on the erasable noteboard until they are erased', async () => {
    stubApi({ [`GET /api/mock/papers/${PAPER_ID}`]: ok(paperState(current(0, 'RMCS', 300))) });
    renderExam();
    fireEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Noteboard' }));
    const board = screen.getByRole('complementary', { name: 'Erasable Noteboard' });
    const notes = screen.getByRole('textbox', { name: 'Notes' });
    fireEvent.change(notes, { target: { value: 'B: 3 reasons' } });
    expect(sessionStorage.getItem(`mock-notes:${PAPER_ID}`)).toBe('B: 3 reasons');
    fireEvent.click(screen.getByRole('button', { name: 'Erase' }));
    expect(notes).toHaveValue('');
    expect(board).toBeInTheDocument();
  });

  it('enlarges the question’s text and keeps the size for the next question and a reload', async () => {
    stubApi({ [`GET /api/mock/papers/${PAPER_ID}`]: ok(paperState(current(0, 'RMCS', 300))) });
    const first = renderExam();
    fireEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    await screen.findByRole('region', { name: 'Question 1' });
    const zoomOf = () => screen.getByTestId('question-zoom').style.zoom;
    expect(zoomOf()).toBe('');
    const larger = screen.getByRole('button', { name: 'Largest text size' });
    fireEvent.click(larger);
    expect(larger).toHaveAttribute('aria-pressed', 'true');
    expect(zoomOf()).toBe('1.3');
    first.unmount();

    renderExam();
    fireEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    await screen.findByRole('region', { name: 'Question 1' });
    expect(zoomOf()).toBe('1.3');
    fireEvent.click(screen.getByRole('button', { name: 'Standard text size' }));
    expect(zoomOf()).toBe('');
  });

  it('leaves a speaking question unanswered on a confirmed Next during its preparation', async () => {
    const api = stubApi({
      [`GET /api/mock/papers/${PAPER_ID}`]: ok(
        paperState({ ...current(0, 'RA', 120), clock: 'item' }),
      ),
      [`POST /api/mock/papers/${PAPER_ID}/items/0/answer`]: ok(
        paperState({ ...current(1, 'RS', 60), clock: 'item' }),
      ),
    });
    renderExam(true);
    const question = await screen.findByRole('region', { name: 'Question 1' });
    const status = within(question).getByRole('status', { name: '录音状态' });
    await vi.waitFor(() => expect(status).toHaveTextContent(/Beginning in \d+ seconds/));
    // Earlier tests' dialogs may still be in the body (antd unmounts them on a timer): this one is
    // the newest.
    const yes = () => screen.queryAllByRole('button', { name: 'Yes' });
    const earlier = yes().length;
    fireEvent.click(within(question).getByRole('button', { name: 'Next' }));
    await vi.waitFor(() => expect(yes().length).toBe(earlier + 1));
    fireEvent.click(yes().at(-1)!);

    await screen.findByRole('region', { name: 'Question 2' });
    // The one thing sent is the unanswered item: no recording was made, so none was uploaded.
    const sent = api.requests.filter((request) => request.method !== 'GET');
    expect(sent.map((request) => [request.url.pathname, request.body])).toEqual([
      [`/api/mock/papers/${PAPER_ID}/items/0/answer`, { answer: null }],
    ]);
    expect(closeMicrophone).toHaveBeenCalled();
  });

  it('shows a speaking question with only the test’s English (no practice hint)', async () => {
    stubApi({ [`GET /api/mock/papers/${PAPER_ID}`]: ok(paperState(current(0, 'SGD', 190))) });
    renderExam(true);
    const question = await screen.findByRole('region', { name: 'Question 1' });
    expect(question).toHaveTextContent('You will hear three people having a discussion');
    expect(question.textContent).not.toMatch(/[\u4e00-\u9fff]/);
  });
});
