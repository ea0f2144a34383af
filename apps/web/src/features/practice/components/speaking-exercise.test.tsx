import { DEFAULT_PRACTICE_SETTINGS, type ItemDetail } from '@ninety/contract';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import type * as captureModule from '../../../lib/audio/capture';
import type { Microphone } from '../../../lib/audio/capture';
import { fakeMicrophone as fakeMicrophoneWith } from '../../../testing/fake-microphone';
import { resetHttpState } from '../../../lib/http';
import { onLoginRequested } from '../../../lib/login-events';
import { loadAllItemTypes } from '../../../testing/item-types';
import { ExerciseView } from './exercise-view';

/**
 * The speaking flow with a scripted microphone (jsdom has no audio): the test pushes 50 ms blocks
 * as the worklet would, and checks what the page shows and what it uploads.
 */

const listeners = new Set<(block: Float32Array) => void>();
const lostListeners = new Set<() => void>();
const closeSpy = vi.fn();
const openSpy = vi.fn<() => Promise<Microphone>>();

vi.mock('../../../lib/audio/capture', async (importOriginal) => ({
  ...(await importOriginal<typeof captureModule>()),
  openMicrophone: () => openSpy(),
}));

function fakeMicrophone(): Microphone {
  return fakeMicrophoneWith({
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onLost(listener) {
      lostListeners.add(listener);
      return () => lostListeners.delete(listener);
    },
    close: closeSpy,
  });
}

/** The device goes: unplugged, or the permission taken back. */
function unplug() {
  act(() => {
    for (const listener of [...lostListeners]) listener();
  });
}

/** Pushes `seconds` of blocks at one loudness, as the worklet posts them. */
function speak(seconds: number, amplitude: number) {
  for (let i = 0; i < Math.round(seconds / 0.05); i++) {
    const block = new Float32Array(800).fill(amplitude);
    act(() => {
      for (const listener of [...listeners]) listener(block);
    });
  }
}

const detail = {
  id: 'ra-0001',
  type: 'RA',
  number: 1,
  title: 'Bees',
  practiceCount: 3,
  content: { text: 'Honeybees are often praised for producing honey.' },
} as unknown as ItemDetail;

function renderExercise(onScored?: () => void) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <ExerciseView
            detail={detail}
            preferences={DEFAULT_PRACTICE_SETTINGS}
            onScored={onScored}
          />
        ),
      },
    ],
    { initialEntries: ['/exp/RA/ra-0001'] },
  );
  return render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();

// Each item type is its own chunk (issue 23): loaded first, an item shows in its first render.
beforeAll(() => loadAllItemTypes());

beforeEach(() => {
  listeners.clear();
  lostListeners.clear();
  closeSpy.mockReset();
  openSpy.mockReset();
  openSpy.mockImplementation(() => Promise.resolve(fakeMicrophone()));
  fetchMock.mockReset();
  fetchMock.mockImplementation(() => Promise.resolve(new Response('{"data":{"list":[]}}')));
  vi.stubGlobal('fetch', fetchMock);
  resetHttpState();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const status = () => screen.getByRole('status', { name: '录音状态' });

describe('a speaking item on the practice page', () => {
  it('asks a signed-out learner to log in before opening the microphone', async () => {
    const asked = vi.fn();
    const stop = onLoginRequested(asked);
    renderExercise();
    expect(screen.getByText(/Honeybees are often praised/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '开始答题' }));
    expect(asked).toHaveBeenCalled();
    expect(openSpy).not.toHaveBeenCalled();
    expect(status()).toHaveTextContent('Current Status: Waiting');
    stop();
  });

  it('counts down, records until 3 s of silence after speech, uploads the WAV and shows pending', async () => {
    localStorage.setItem('token', 'learner-token');
    let answer: (response: Response) => void = () => {};
    fetchMock.mockImplementation((url) =>
      url.startsWith('/api/posts/examedVoice')
        ? new Promise<Response>((resolve) => (answer = resolve))
        : Promise.resolve(new Response('{"data":{"list":[]}}')),
    );
    renderExercise();
    await userEvent.click(screen.getByRole('button', { name: '开始答题' }));
    // 8 words: the shortest RA preparation, 30 s.
    await waitFor(() => expect(status()).toHaveTextContent('Beginning in 30 seconds'));
    await userEvent.click(screen.getByRole('button', { name: '跳过等待' }));
    await waitFor(() => expect(status()).toHaveTextContent('Current Status: Recording'));
    expect(screen.getByRole('meter', { name: '输入音量' })).toBeInTheDocument();

    speak(1, 0); // silence before speech does not stop it
    speak(2, 0.2);
    expect(status()).toHaveTextContent('Recording');
    speak(3, 0);
    expect(status()).toHaveTextContent('Current Status: Completed');
    expect(closeSpy).toHaveBeenCalled();
    expect(await screen.findByText('正在评分…')).toBeInTheDocument();

    const upload = fetchMock.mock.calls.find(([url]) => url.startsWith('/api/posts/examedVoice'));
    expect(upload).toBeDefined();
    const [url, init] = upload!;
    const query = new URL(url, 'http://x').searchParams;
    expect(query.get('itemId')).toBe('ra-0001');
    expect(query.get('idempotencyKey')).toMatch(/^[0-9a-f-]{36}$/);
    expect(query.get('timeSpentSeconds')).toMatch(/^\d+$/);
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>)['content-type']).toBe('audio/wav');
    const body = init.body as Blob;
    expect(body).toBeInstanceOf(Blob);
    // 6 s at 16 kHz, 2 bytes a sample, plus the 44-byte header.
    expect(body.size).toBe(44 + 6 * 16000 * 2);
    expect(init.signal).toBeInstanceOf(AbortSignal);

    // A 404 is an error like any other: the recording is kept for 重新提交.
    answer(new Response(JSON.stringify({ status: 404 })));
    expect(await screen.findByText('评分失败，请稍后点击“重新提交”。')).toBeInTheDocument();
    expect(screen.queryByText(/语音评分暂未开放/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '重新提交' })).toBeInTheDocument();
  });

  it('a scored recording shows its result and counts as a practice (saveTimedOrCount)', async () => {
    localStorage.setItem('token', 'learner-token');
    const scored = {
      attempt: {
        id: 'a1',
        itemId: 'ra-0001',
        type: 'RA',
        answer: { recording: { url: '/media/rec/1.wav', durationSeconds: 2 } },
        score: 0,
        max: 20,
        result: {
          kind: 'speech',
          score: 0,
          max: 20,
          estimate: 10,
          syllables: [],
          pauses: [],
          wpm: 0,
          traits: [],
          gatedBy: null,
          unscored: { reason: 'no-speech', messageZh: '没有听清：录音里没有听到说话声。' },
        },
        scoringProfile: 'pte-2025-08',
        timeSpentSeconds: 3,
        createdAt: '2026-01-01T00:00:00.000Z',
      },
      answer: { id: 'ra-0001', key: {}, explanationZh: '注意连读。' },
      energy: 4,
    };
    fetchMock.mockImplementation((url) =>
      Promise.resolve(
        new Response(
          url.startsWith('/api/posts/examedVoice')
            ? JSON.stringify({ data: scored })
            : '{"data":{"list":[]}}',
        ),
      ),
    );
    const onScored = vi.fn();
    renderExercise(onScored);
    await userEvent.click(screen.getByRole('button', { name: '开始答题' }));
    await userEvent.click(await screen.findByRole('button', { name: '跳过等待' }));
    await waitFor(() => expect(status()).toHaveTextContent('Recording'));
    speak(1, 0.2);
    await userEvent.click(screen.getByRole('button', { name: '结束录音' }));
    expect(await screen.findByText('未评分')).toBeInTheDocument();
    expect(onScored).toHaveBeenCalledTimes(1);
  });

  it('aborts the upload and starts again on redo', async () => {
    localStorage.setItem('token', 'learner-token');
    const signals: AbortSignal[] = [];
    fetchMock.mockImplementation((url, init) => {
      if (!url.startsWith('/api/posts/examedVoice')) {
        return Promise.resolve(new Response('{"data":{"list":[]}}'));
      }
      signals.push(init.signal!);
      return new Promise<Response>(() => {});
    });
    renderExercise();
    await userEvent.click(screen.getByRole('button', { name: '开始答题' }));
    await userEvent.click(await screen.findByRole('button', { name: '跳过等待' }));
    await waitFor(() => expect(status()).toHaveTextContent('Recording'));
    await userEvent.click(screen.getByRole('button', { name: '结束录音' }));
    expect(status()).toHaveTextContent('Completed');
    await waitFor(() => expect(signals).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: /重\s?做/ }));
    expect(signals[0]!.aborted).toBe(true);
    await waitFor(() => expect(status()).toHaveTextContent('Beginning in 30 seconds'));
    expect(openSpy).toHaveBeenCalledTimes(2);
  });

  it('a microphone unplugged mid-answer ends the recording there, uploads it and says why', async () => {
    localStorage.setItem('token', 'learner-token');
    fetchMock.mockImplementation((url) =>
      url.startsWith('/api/posts/examedVoice')
        ? new Promise<Response>(() => {})
        : Promise.resolve(new Response('{"data":{"list":[]}}')),
    );
    renderExercise();
    await userEvent.click(screen.getByRole('button', { name: '开始答题' }));
    await userEvent.click(await screen.findByRole('button', { name: '跳过等待' }));
    await waitFor(() => expect(status()).toHaveTextContent('Recording'));
    speak(2, 0.2);
    unplug();
    expect(status()).toHaveTextContent('Completed');
    expect(closeSpy).toHaveBeenCalled();
    expect(screen.getByText('麦克风已断开')).toBeInTheDocument();
    expect(screen.getByText(/已录下的部分照常提交评分/)).toBeInTheDocument();
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => url.startsWith('/api/posts/examedVoice'))).toBe(
        true,
      ),
    );
  });

  it('a microphone lost before the recording sends nothing and lets the learner start again', async () => {
    localStorage.setItem('token', 'learner-token');
    renderExercise();
    await userEvent.click(screen.getByRole('button', { name: '开始答题' }));
    await waitFor(() => expect(status()).toHaveTextContent('Beginning in 30 seconds'));
    unplug();
    expect(status()).toHaveTextContent('Waiting');
    expect(closeSpy).toHaveBeenCalled();
    expect(screen.getByText(/还没有开始录音/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '开始答题' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => url.startsWith('/api/posts/examedVoice'))).toBe(
      false,
    );
  });

  it('shows what to do when the microphone is refused', async () => {
    localStorage.setItem('token', 'learner-token');
    openSpy.mockImplementation(() => Promise.reject(new DOMException('no', 'NotAllowedError')));
    renderExercise();
    await userEvent.click(screen.getByRole('button', { name: '开始答题' }));
    expect(await screen.findByText('浏览器没有获得麦克风权限')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '去麦克风测试' })).toHaveAttribute(
      'href',
      '/RecordTest',
    );
    expect(status()).toHaveTextContent('Waiting');
  });
});
