import type { ListeningShadowingResult } from '@ninety/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as captureModule from '../../../lib/audio/capture';
import type { Microphone } from '../../../lib/audio/capture';
import { fakeMicrophone as fakeMicrophoneWith } from '../../../testing/fake-microphone';
import { renderApp } from '../../../testing/render-app';
import { ok, signIn } from '../../../testing/stub-api';
import { localKeys } from '../../../lib/storage-keys';
import { SentencePlayer } from '../player/sentence-player';
import { buildMaterial, buildProgress } from '../testing/build-material';
import { FakeMedia, fakeClock } from '../testing/fake-media';
import { ShadowingPanel, shadowingSeconds } from './shadowing-panel';

/** jsdom has no audio: a scripted microphone pushes 50 ms blocks as the worklet would. */
const listeners = new Set<(block: Float32Array) => void>();
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
    close: vi.fn(),
  });
}

function speak(seconds: number, amplitude: number) {
  for (let i = 0; i < Math.round(seconds / 0.05); i++) {
    const block = new Float32Array(800).fill(amplitude);
    act(() => {
      for (const listener of [...listeners]) listener(block);
    });
  }
}

const SHADOW = 'POST /api/listening/materials/lp-0001/sentences/1/shadowing';
const ASK_AGAIN = 'GET /api/listening/materials/lp-0001/sentences/1/shadowing';
const sentence = buildMaterial().sentences[1]!;

const scored: ListeningShadowingResult = {
  materialId: 'lp-0001',
  index: 1,
  score: 7,
  max: 10,
  passed: true,
  result: {
    kind: 'speech',
    score: 7,
    max: 10,
    estimate: 60,
    syllables: [
      { word: 'yet', score: 4.8, type: 'good', start: 0.1, end: 0.3, omitted: false, phonemes: [] },
      { word: 'they', score: 1, type: 'bad', start: 0.3, end: 0.5, omitted: false, phonemes: [] },
      { word: 'shelter', score: 0, type: 'omitted', start: 0, end: 0, omitted: true, phonemes: [] },
    ],
    pauses: [],
    wpm: 120,
    traits: [],
    gatedBy: null,
    unscored: null,
  },
  recordingUrl: '/files/recordings/u/1.wav?sig=x',
  progress: buildProgress(),
  review: null,
} as unknown as ListeningShadowingResult;

beforeEach(() => {
  listeners.clear();
  openSpy.mockReset();
  openSpy.mockImplementation(() => Promise.resolve(fakeMicrophone()));
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.removeItem(localKeys.listeningAutoRecord);
});

/** A player on a fake audio element that moves in real time, cued with the material. */
function playerOnFakeMedia() {
  const player = new SentencePlayer({ clock: fakeClock() });
  player.setCues(buildMaterial().sentences);
  player.attach(new FakeMedia(8));
  return player;
}

function renderPanel(player: SentencePlayer) {
  renderApp('/', [
    {
      path: '/',
      element: <ShadowingPanel materialId="lp-0001" sentence={sentence} player={player} />,
    },
  ]);
}

describe('ShadowingPanel', () => {
  it('gives a sentence twice its length and a breath to be repeated, 6 to 30 s', () => {
    expect(shadowingSeconds({ start: 2.6, end: 4.0 })).toBe(6);
    expect(shadowingSeconds({ start: 0, end: 6 })).toBe(15);
    expect(shadowingSeconds({ start: 0, end: 40 })).toBe(30);
  });

  it('records with the speaking take until silence, sends the WAV and colours the words', async () => {
    const api = signIn(undefined, {
      [SHADOW]: ok(scored),
      'GET /api/voice/getColor': ok([
        { id: 1, start: 85, end: 100, color: '#00aa00', status: 2 },
        { id: 2, start: 70, end: 85, color: '#595959', status: 1 },
        { id: 3, start: 0, end: 70, color: '#ff0000', status: 0 },
      ]),
    });
    const player = new SentencePlayer();
    renderApp('/', [
      {
        path: '/',
        element: <ShadowingPanel materialId="lp-0001" sentence={sentence} player={player} />,
      },
    ]);
    fireEvent.click(screen.getByRole('button', { name: '开始跟读' }));
    await waitFor(() =>
      expect(screen.getByRole('status', { name: '录音状态' })).toHaveTextContent('正在录音'),
    );
    speak(1.5, 0.2);
    speak(3.2, 0);
    expect(await screen.findByText(/跟读通过/, undefined, { timeout: 5000 })).toBeInTheDocument();
    const upload = api.requestsTo(SHADOW)[0];
    expect(upload).toBeDefined();
    expect(upload!.headers['content-type']).toBe('audio/wav');
    // The take's own key: a retried upload is scored once, and a pending take asked for with it.
    expect(upload!.url.searchParams.get('idempotencyKey')).toMatch(/^[0-9a-f-]{36}$/);
    const words = screen.getByLabelText('逐词评分');
    expect(words).toHaveTextContent('yet they [shelter]');
    expect(screen.getByRole('button', { name: 'yet' })).toHaveAttribute('data-status', '2');
    expect(screen.getByRole('button', { name: 'they' })).toHaveAttribute('data-status', '0');
    expect(screen.getByRole('button', { name: '[shelter]' })).toHaveAttribute(
      'data-status',
      'omitted',
    );
    expect(screen.getByRole('button', { name: /对比播放/ })).toBeInTheDocument();
    expect(screen.getByLabelText('我的跟读录音')).toHaveAttribute(
      'src',
      '/files/recordings/u/1.wav?sig=x',
    );
  });
});

describe('ShadowingPanel on the scoring queue', () => {
  it('a take still being scored (202) is asked for again with its key until scored', async () => {
    const api = signIn(undefined, {
      [SHADOW]: (request) => ({
        status: 202,
        body: {
          data: {
            status: 'scoring',
            retryAfterSeconds: 1,
            idempotencyKey: request.url.searchParams.get('idempotencyKey'),
          },
        },
      }),
      [ASK_AGAIN]: ok(scored),
    });
    renderPanel(new SentencePlayer());
    fireEvent.click(screen.getByRole('button', { name: '开始跟读' }));
    await waitFor(() =>
      expect(screen.getByRole('status', { name: '录音状态' })).toHaveTextContent('正在录音'),
    );
    speak(1.5, 0.2);
    speak(3.2, 0);
    expect(await screen.findByText('正在评分…')).toBeInTheDocument();
    expect(await screen.findByText(/跟读通过/, undefined, { timeout: 5000 })).toBeInTheDocument();
    const key = api.requestsTo(SHADOW)[0]!.url.searchParams.get('idempotencyKey');
    const asked = api.requestsTo(ASK_AGAIN);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.url.searchParams.get('idempotencyKey')).toBe(key);
  });
});

describe('auto-record after the sentence plays', () => {
  it('is on by default: the sentence played to its end starts the take; the original after a comparison does not', async () => {
    signIn(undefined, { [SHADOW]: ok(scored) });
    const player = playerOnFakeMedia();
    renderPanel(player);
    expect(screen.getByRole('switch')).toBeChecked();
    expect(screen.getByText(/播完后自动开始录音/)).toBeInTheDocument();
    act(() => player.play(1));
    await waitFor(
      () => expect(screen.getByRole('status', { name: '录音状态' })).toHaveTextContent('正在录音'),
      { timeout: 5000 },
    );
    expect(openSpy).toHaveBeenCalledTimes(1);
    speak(1.5, 0.2);
    speak(3.2, 0);
    expect(await screen.findByText(/跟读通过/, undefined, { timeout: 5000 })).toBeInTheDocument();

    // My recording, then the original once: its end is not a new sentence to repeat.
    fireEvent.click(screen.getByRole('button', { name: /对比播放/ }));
    fireEvent.ended(screen.getByLabelText('我的跟读录音'));
    await waitFor(() => expect(player.getSnapshot().status).toBe('playing'));
    await waitFor(() => expect(player.getSnapshot().status).toBe('idle'), { timeout: 5000 });
    expect(openSpy).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status', { name: '录音状态' })).toHaveTextContent('录音完成');
  });

  it('off (kept on the device), the sentence plays and nothing records', async () => {
    signIn(undefined, { [SHADOW]: ok(scored) });
    const player = playerOnFakeMedia();
    renderPanel(player);
    fireEvent.click(screen.getByRole('switch'));
    expect(localStorage.getItem(localKeys.listeningAutoRecord)).toBe('0');
    expect(screen.getByText(/再点「开始跟读」/)).toBeInTheDocument();
    act(() => player.play(1));
    await waitFor(() => expect(player.getSnapshot().status).toBe('playing'));
    await waitFor(() => expect(player.getSnapshot().status).toBe('idle'), { timeout: 5000 });
    expect(openSpy).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: '开始跟读' })).toBeInTheDocument();
  });

  it('a microphone the browser refused pauses auto-record and says how to allow it', async () => {
    signIn(undefined, { [SHADOW]: ok(scored) });
    openSpy.mockImplementation(() => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    const player = playerOnFakeMedia();
    renderPanel(player);
    act(() => player.play(1));
    expect(
      await screen.findByText(/自动跟读已暂停/, undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('浏览器没有获得麦克风权限')).toBeInTheDocument();
    expect(openSpy).toHaveBeenCalledTimes(1);
    // The next sentence played asks no more.
    act(() => player.play(1));
    await waitFor(() => expect(player.getSnapshot().status).toBe('playing'));
    await waitFor(() => expect(player.getSnapshot().status).toBe('idle'), { timeout: 5000 });
    expect(openSpy).toHaveBeenCalledTimes(1);
  });
});
