import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type * as captureModule from '../../lib/audio/capture';
import type { Microphone } from '../../lib/audio/capture';
import { buildUser } from '../../testing/build-user';
import { renderApp } from '../../testing/render-app';
import { ok, signIn } from '../../testing/stub-api';

/** Spec §7: a practice is counted with saveTimedOrCount type 2 / business 1 — spoken ones too. */

vi.setConfig({ testTimeout: 60_000 });

const listeners = new Set<(block: Float32Array) => void>();
vi.mock('../../lib/audio/capture', async (importOriginal) => ({
  ...(await importOriginal<typeof captureModule>()),
  openMicrophone: async (): Promise<Microphone> =>
    (await import('../../testing/fake-microphone')).fakeMicrophone({
      listen(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    }),
}));

const detail = {
  id: 'ra-0001',
  type: 'RA',
  number: 1,
  title: 'Bees',
  practiceCount: 3,
  color: 0,
  content: { text: 'Honeybees are often praised for producing honey.' },
};

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
      total_score: 0,
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

describe('a spoken practice on the exercise page', () => {
  it('sends the type-2 count once it is scored', async () => {
    const api = signIn(buildUser({ energy: 5 }), {
      'GET /api/posts/detail': ok(detail),
      'POST /api/posts/examedVoice': ok(scored),
      'GET /api/postsV2/saveTimedOrCount': ok({ today: {}, total: {}, days: [] }),
    });
    renderApp('/exp/RA/ra-0001');
    await userEvent.click(
      await screen.findByRole('button', { name: '开始答题' }, { timeout: 20_000 }),
    );
    await userEvent.click(await screen.findByRole('button', { name: '跳过等待' }));
    await waitFor(() => expect(listeners.size).toBeGreaterThan(0));
    act(() => {
      for (const listener of [...listeners]) listener(new Float32Array(800).fill(0.2));
    });
    await userEvent.click(screen.getByRole('button', { name: '结束录音' }));
    expect(await screen.findByText('未评分')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        api
          .requestsTo('GET /api/postsV2/saveTimedOrCount')
          .map((request) => Object.fromEntries(request.url.searchParams)),
      ).toContainEqual({ type: '2', business: '1' }),
    );
  });
});
