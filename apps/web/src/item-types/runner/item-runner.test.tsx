import type { ExamedResult, ItemDetail, ItemTypeCode } from '@ninety/contract';
import { buildExampleItem } from '@ninety/contract/testing';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as captureModule from '../../lib/audio/capture';
import type { Microphone } from '../../lib/audio/capture';
import { draftKeys } from '../../lib/drafts';
import { fakeMicrophone } from '../../testing/fake-microphone';
import { loadAllItemTypes } from '../../testing/item-types';
import { ItemRunner, type ItemRunnerProps } from './item-runner';
import { examPolicy, practicePolicy } from './policy';

/**
 * The runner under each policy, with a fake clock: what the exam enforces (prompt audio once, no
 * redo, the answer sent when time runs out, the item done) and what practice allows.
 */

const openSpy = vi.fn<() => Promise<Microphone>>();
vi.mock('../../lib/audio/capture', async (importOriginal) => ({
  ...(await importOriginal<typeof captureModule>()),
  openMicrophone: () => openSpy(),
}));

function detailOf(code: ItemTypeCode): ItemDetail {
  const item = buildExampleItem(code) as { id: string; content: unknown };
  return {
    id: item.id,
    type: code,
    number: 1,
    title: 'Example',
    practiceCount: 0,
    content: item.content,
  } as unknown as ItemDetail;
}

function resultFor(code: ItemTypeCode, answer: unknown): ExamedResult {
  return {
    attempt: {
      id: 'attempt-1',
      itemId: `${code.toLowerCase()}-1`,
      type: code,
      answer,
      score: 1,
      max: 1,
      result: {
        kind: 'choices',
        score: 1,
        max: 1,
        options: [{ id: 'A', chosen: true, correct: true }],
      },
      scoringProfile: 'pte-2025-08',
      timeSpentSeconds: 1,
      createdAt: '2026-01-01T00:00:00.000Z',
    },
    answer: { id: 'x', key: {}, explanationZh: '解析在此。' },
    energy: null,
  } as unknown as ExamedResult;
}

function renderRunner(element: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrap = (child: ReactElement) => (
    <QueryClientProvider client={client}>
      <MemoryRouter>{child}</MemoryRouter>
    </QueryClientProvider>
  );
  const view = render(wrap(element));
  return { ...view, rerender: (next: ReactElement) => view.rerender(wrap(next)) };
}

function runner(code: ItemTypeCode, props: Partial<ItemRunnerProps> = {}) {
  const onSubmit = vi.fn((body: { answer: unknown }) =>
    Promise.resolve(resultFor(code, body.answer)),
  );
  const onRecorded = vi.fn(() => Promise.resolve(resultFor(code, {})));
  const onDone = vi.fn();
  const onTimeUp = vi.fn();
  const element = (
    <ItemRunner
      item={detailOf(code)}
      policy={examPolicy}
      onSubmit={onSubmit}
      onRecorded={onRecorded}
      onDone={onDone}
      onTimeUp={onTimeUp}
      {...props}
    />
  );
  return { element, onSubmit, onRecorded, onDone, onTimeUp };
}

/**
 * Confirm dialogs in the body that are not closing. Earlier tests' dialogs stay in the body on this
 * file's fake clock (antd unmounts them on timers it never reaches): a test counts its own.
 */
function openDialogs(): number {
  return [...document.querySelectorAll('.ant-modal-mask')].filter(
    (mask) => !/-leave/.test(mask.className),
  ).length;
}

/** Lets the fake clock run `seconds`, one second at a time, settling effects and promises. */
async function pass(seconds: number) {
  for (let second = 0; second < seconds; second += 1) {
    await act(() => vi.advanceTimersByTimeAsync(1000));
  }
}

/** Clicks a button by its name and lets the clock settle what the click started. */
async function click(name: string) {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
    await vi.advanceTimersByTimeAsync(0);
  });
}

/**
 * Answers the newest "move on?" question, then lets the clock run `ms`: earlier dialogs may still
 * be in the body (antd unmounts them on a timer a test's fake clock may never reach).
 */
async function answerQuestion(answer: 'Yes' | 'No', ms = 0) {
  await act(async () => {
    fireEvent.click(screen.getAllByRole('button', { name: answer }).at(-1)!);
    await vi.advanceTimersByTimeAsync(ms);
  });
}

let play: ReturnType<typeof vi.spyOn>;
// Each type is its own chunk; loaded first, an item shows in the render that asks for it.
beforeAll(() => loadAllItemTypes());

beforeEach(() => {
  vi.useFakeTimers();
  play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response('{"data":[]}'))),
  );
  openSpy.mockReset();
  openSpy.mockImplementation(() => Promise.resolve(fakeMicrophone()));
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('ItemRunner, exam policy', () => {
  it('plays a listening prompt once, on its own countdown: no start-now, replay or speed', async () => {
    const { element } = runner('LMCS');
    const { container } = renderRunner(element);
    expect(screen.getByText('Status: Beginning in 5 seconds')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '立即播放' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('播放速度')).not.toBeInTheDocument();

    await pass(5);
    expect(play).toHaveBeenCalledTimes(1);
    fireEvent.ended(container.querySelector('audio')!);
    expect(screen.getByText('Status: Completed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /重播/ })).not.toBeInTheDocument();
    await pass(30);
    expect(play).toHaveBeenCalledTimes(1);
  });

  // Ten minutes a second at a time (the clock schedules each tick after the last render): 600
  // renders, which took over 15 s on a loaded machine.
  it(
    'submits the answer as it stands when the time runs out, then the item is done',
    { timeout: 60_000 },
    async () => {
      const { element, onSubmit, onDone, onTimeUp } = runner('SWT');
      renderRunner(element);
      expect(screen.getByRole('timer')).toHaveTextContent('Time Remaining 10:00');
      fireEvent.change(screen.getByLabelText('一句话总结'), {
        target: { value: 'Cities grow fast because people move there for work.' },
      });
      await pass(599);
      expect(screen.getByRole('timer')).toHaveTextContent('Time Remaining 00:01');
      expect(onSubmit).not.toHaveBeenCalled();

      await pass(1);
      expect(onTimeUp).toHaveBeenCalledTimes(1);
      expect(onSubmit).toHaveBeenCalledTimes(1);
      expect(onSubmit.mock.calls[0]![0]).toMatchObject({
        answer: { text: 'Cities grow fast because people move there for work.' },
        timeSpentSeconds: 600,
      });
      expect(onDone).toHaveBeenCalledWith(expect.objectContaining({ energy: null }));
      // No confirmation for an empty or short answer: time is up.
      expect(screen.queryByText('还没有作答')).not.toBeInTheDocument();
      // Submitted, no redo, and no score until the exam's end.
      expect(screen.getByText('Saved', { selector: '[role=status]' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /重\s?做/ })).not.toBeInTheDocument();
      expect(screen.queryByRole('region', { name: '评分结果' })).not.toBeInTheDocument();
      await pass(5);
      expect(onSubmit).toHaveBeenCalledTimes(1);
    },
  );

  it('a section time given by the exam ends a type that has no clock of its own', async () => {
    const { element, onSubmit, onDone } = runner('RMCS', { timeLimitSeconds: 3 });
    renderRunner(element);
    fireEvent.click(screen.getAllByRole('radio')[1]!);
    await pass(3);
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ answer: { chosen: ['B'] } });
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('a Next question still open when the time sends the answer closes, and sends nothing twice', async () => {
    const { element, onSubmit, onDone } = runner('RMCS', { timeLimitSeconds: 3 });
    renderRunner(element);
    const before = openDialogs();
    fireEvent.click(screen.getAllByRole('radio')[1]!);
    await click('Next');
    expect(openDialogs()).toBe(before + 1);
    await pass(3);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onDone).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(openDialogs()).toBe(before);
  });

  it('Next asks first (dismissible), then the answer moves on with no redo', async () => {
    const { element, onSubmit, onDone } = runner('RMCS');
    renderRunner(element);
    expect(screen.queryByRole('button', { name: '查看答案' })).not.toBeInTheDocument();
    fireEvent.click(screen.getAllByRole('radio')[0]!);
    await click('Next');
    expect(onSubmit).not.toHaveBeenCalled();
    await answerQuestion('No', 500);
    expect(onSubmit).not.toHaveBeenCalled();
    // The dismissed dialog may still be closing: the answer goes to the newest one.
    await click('Next');
    await answerQuestion('Yes');
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: /重\s?做/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    // The sent answer no longer takes input.
    expect(screen.getAllByRole('radio')[1]!.closest('[inert]')).not.toBeNull();
  });

  it('a speaking item starts by itself, cannot skip its waits, and sends the recording at the time limit', async () => {
    const { element, onRecorded, onDone } = runner('DI');
    renderRunner(element);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(openSpy).toHaveBeenCalledTimes(1);
    const status = () => screen.getByRole('status', { name: '录音状态' });
    expect(status()).toHaveTextContent('Beginning in 25 seconds');
    expect(screen.queryByRole('button', { name: '跳过等待' })).not.toBeInTheDocument();

    await pass(25);
    expect(status()).toHaveTextContent('Recording');
    // No blocks arrive (a stalled audio thread): the wall clock still ends the answer.
    await pass(42);
    expect(status()).toHaveTextContent('Completed');
    expect(onRecorded).toHaveBeenCalledTimes(1);
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: /重\s?做/ })).not.toBeInTheDocument();
  });

  it("a speaking item's Next asks first (the recording runs on until Yes)", async () => {
    const { element, onRecorded } = runner('DI');
    renderRunner(element);
    await act(() => vi.advanceTimersByTimeAsync(0));
    const status = () => screen.getByRole('status', { name: '录音状态' });
    await pass(25);
    expect(status()).toHaveTextContent('Recording');
    await click('Next');
    expect(status()).toHaveTextContent('Recording');
    await answerQuestion('No', 500);
    expect(status()).toHaveTextContent('Recording');
    expect(onRecorded).not.toHaveBeenCalled();
    await click('Next');
    await answerQuestion('Yes');
    expect(status()).toHaveTextContent('Completed');
    expect(onRecorded).toHaveBeenCalledTimes(1);
  });

  it("a speaking item's Next during its countdown asks first, then leaves it unanswered", async () => {
    const { element, onRecorded, onDone } = runner('DI');
    renderRunner(element);
    await act(() => vi.advanceTimersByTimeAsync(0));
    const status = () => screen.getByRole('status', { name: '录音状态' });
    await pass(5);
    expect(status()).toHaveTextContent('Beginning in 20 seconds');
    await click('Next');
    await answerQuestion('No', 1000);
    // The countdown ran on while it asked.
    expect(status()).toHaveTextContent('Beginning in 19 seconds');
    expect(onDone).not.toHaveBeenCalled();
    await click('Next');
    await answerQuestion('Yes');
    expect(status()).toHaveTextContent('Completed');
    expect(onDone).toHaveBeenCalledExactlyOnceWith(null);
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    // The microphone was never recorded from: nothing is sent, whatever the clock does.
    await pass(30);
    expect(onRecorded).not.toHaveBeenCalled();
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('the Next question closes when the recording ends by itself (it would stay over the next item)', async () => {
    const { element, onRecorded } = runner('DI');
    renderRunner(element);
    await act(() => vi.advanceTimersByTimeAsync(0));
    const status = () => screen.getByRole('status', { name: '录音状态' });
    const before = openDialogs();
    await pass(25);
    expect(status()).toHaveTextContent('Recording');
    await click('Next');
    expect(openDialogs()).toBe(before + 1);
    // DI records for 40 s at most; the wall clock ends it (no blocks arrive here).
    await pass(42);
    expect(status()).toHaveTextContent('Completed');
    expect(onRecorded).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(openDialogs()).toBe(before);
  });
});

describe('ItemRunner, practice policy', () => {
  it('lets the learner start the prompt now, replay it and change its speed', async () => {
    const { element } = runner('LMCS', { policy: practicePolicy });
    const { container } = renderRunner(element);
    expect(screen.getByLabelText('播放速度')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '立即播放' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(play).toHaveBeenCalledTimes(1);
    fireEvent.ended(container.querySelector('audio')!);
    fireEvent.click(screen.getByRole('button', { name: '重播（练习模式）' }));
    expect(play).toHaveBeenCalledTimes(2);
  });

  it('closes the box when time runs out but sends nothing until the learner submits', async () => {
    const { element, onSubmit, onTimeUp } = runner('SWT', { policy: practicePolicy });
    renderRunner(element);
    await pass(600);
    expect(screen.getByRole('timer')).toHaveTextContent('时间到，请提交');
    expect(screen.getByLabelText('一句话总结')).toHaveAttribute('readonly');
    expect(onTimeUp).toHaveBeenCalledTimes(1);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows the score and evidence after submitting, and a redo starts afresh', async () => {
    const onRedo = vi.fn();
    const { element, onSubmit } = runner('RMCS', {
      policy: practicePolicy,
      onRedo,
      answerAction: <button type="button">查看答案</button>,
    });
    renderRunner(element);
    expect(screen.getByRole('button', { name: '查看答案' })).toBeInTheDocument();
    fireEvent.click(screen.getAllByRole('radio')[0]!);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /提\s?交/ }));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('region', { name: '评分结果' })).toHaveTextContent('你的选择：A');
    expect(screen.queryByRole('button', { name: '查看答案' })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: /重\s?做/ }));
    expect(onRedo).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('region', { name: '评分结果' })).not.toBeInTheDocument();
    expect(
      screen.getAllByRole('radio').every((radio) => !(radio as HTMLInputElement).checked),
    ).toBe(true);
  });

  it('a gate can stop the submit (the practice page asks for sign-in there)', () => {
    const gate = vi.fn(() => false);
    const { element, onSubmit } = runner('RMCS', { policy: practicePolicy, gate });
    renderRunner(element);
    fireEvent.click(screen.getByRole('button', { name: /提\s?交/ }));
    expect(gate).toHaveBeenCalledTimes(1);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('keeps a typed answer and its time as a draft, and a submitted answer clears it', async () => {
    const draft = { key: draftKeys.practice('swt-1') };
    const first = runner('SWT', { policy: practicePolicy, draft });
    const view = renderRunner(first.element);
    fireEvent.change(screen.getByLabelText('一句话总结'), { target: { value: 'Half an answer' } });
    await pass(61);
    view.unmount();

    const second = runner('SWT', { policy: practicePolicy, draft });
    renderRunner(second.element);
    expect(screen.getByLabelText('一句话总结')).toHaveValue('Half an answer');
    expect(screen.getByText(/已恢复你上次未提交的答案/)).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent('Time Remaining 08:59');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /提\s?交/ }));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(second.onSubmit.mock.calls[0]![0]).toMatchObject({ timeSpentSeconds: 61 });
    expect(localStorage.length).toBe(0);
  });
});
