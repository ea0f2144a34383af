import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../testing/render-app';
import { ok, signIn, stubApi } from '../../../testing/stub-api';
import { buildMaterial, buildProgress } from '../testing/build-material';
import { ListeningWorkspace } from './listening-workspace';

const PROGRESS = 'PUT /api/listening/materials/lp-0001/progress';

beforeEach(() => {
  // jsdom has no media playback: the element answers play() and keeps its position.
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
});

const status = () => screen.getByRole('status', { name: '播放状态' });
const key = (name: string, target: Element = document.body) =>
  fireEvent.keyDown(target, { key: name });

describe('ListeningWorkspace', () => {
  it('runs from the keyboard: play, next/previous, speed, repeat, text and translation', () => {
    stubApi({});
    renderApp('/', [{ path: '/', element: <ListeningWorkspace material={buildMaterial()} /> }]);
    expect(status()).toHaveTextContent('第 1 / 3 句 · 未播放');
    // Blind by default: the text is hidden until revealed.
    expect(screen.queryByText('Coral reefs cover a tiny part of the ocean.')).toBeNull();

    key(' ');
    expect(status()).toHaveTextContent('播放中');
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalled();
    key('ArrowRight');
    expect(status()).toHaveTextContent('第 2 / 3 句 · 播放中');
    key('ArrowLeft');
    expect(status()).toHaveTextContent('第 1 / 3 句');

    key('4');
    const speed = screen.getByRole('radiogroup', { name: '语速' });
    expect(within(speed).getByRole('radio', { name: '1.25×' })).toBeChecked();
    const audio = screen.getByLabelText('材料录音') as HTMLAudioElement;
    expect(audio.playbackRate).toBe(1.25);

    key('l');
    expect(
      within(screen.getByRole('radiogroup', { name: '循环次数' })).getByRole('radio', {
        name: '3 遍',
      }),
    ).toBeChecked();

    key('t');
    expect(
      screen.getAllByText('Coral reefs cover a tiny part of the ocean.').length,
    ).toBeGreaterThan(0);
    key('y');
    expect(screen.getByText('珊瑚礁只占海洋的一小部分。')).toBeInTheDocument();

    // The help card lists the keys.
    const help = screen.getByRole('region', { name: '快捷键' });
    expect(help).toHaveTextContent('空格播放 / 暂停本句');
    expect(help).toHaveTextContent('R从头重播本句');
  });

  it('leaves the keys to the dictation box while the learner types', () => {
    stubApi({});
    renderApp('/', [{ path: '/', element: <ListeningWorkspace material={buildMaterial()} /> }]);
    const box = screen.getByLabelText('听写内容');
    box.focus();
    key('ArrowRight', box);
    key(' ', box);
    expect(status()).toHaveTextContent('第 1 / 3 句 · 未播放');
    key('Escape', box);
    expect(document.activeElement).not.toBe(box);
  });

  it('continues where the learner stopped on another device, and saves each move', async () => {
    const api = signIn(undefined, {
      [PROGRESS]: (request) =>
        ok(buildProgress({ ...(request.body as object), status: 'in_progress' })),
    });
    renderApp('/', [
      {
        path: '/',
        element: (
          <ListeningWorkspace
            material={buildMaterial({
              progress: buildProgress({
                position: 2,
                mode: 'shadowing',
                sentences: [
                  {
                    index: 0,
                    dictation: { score: 7, max: 9, at: '2026-11-25T08:00:00.000Z' },
                    shadowing: null,
                  },
                ],
              }),
            })}
          />
        ),
      },
    ]);
    expect(status()).toHaveTextContent('第 3 / 3 句');
    expect(screen.getByRole('button', { name: '开始跟读' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: '全部句子' })).toHaveTextContent('听写 7/9');
    expect(screen.getByText(/进行中 · 已练 1\/3 句/)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('radio', { name: '听写' }));
    key('ArrowLeft');
    await waitFor(() => expect(api.requestsTo(PROGRESS)).toHaveLength(1), { timeout: 3000 });
    expect(api.requestsTo(PROGRESS)[0]?.body).toEqual({ position: 1, mode: 'dictation' });
  });
});
