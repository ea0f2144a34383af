import type { ListeningReviewCard, ListeningReviewQueue } from '@ninety/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../testing/render-app';
import { ok, signIn } from '../../../testing/stub-api';
import { buildDictationResult, buildMaterial } from '../testing/build-material';
import { ReviewSession } from './review-session';

const material = buildMaterial();

function card(id: number, overrides: Partial<ListeningReviewCard> = {}): ListeningReviewCard {
  return {
    id,
    kind: 'sentence',
    mode: 'dictation',
    materialId: 'lp-0001',
    materialTitle: material.title,
    audioUrl: material.audioUrl,
    sentence: material.sentences[0]!,
    word: null,
    state: 'learning',
    due: '2026-11-26T08:00:00.000Z',
    reps: 1,
    lapses: 0,
    lastReviewedAt: '2026-11-25T08:00:00.000Z',
    createdAt: '2026-11-25T08:00:00.000Z',
    ...overrides,
  };
}

const queue = (cards: ListeningReviewCard[]): ListeningReviewQueue => ({
  serverNow: '2026-11-26T09:00:00.000Z',
  cards,
  counts: { dueNow: cards.length, dueToday: cards.length + 1, total: 5, nextDueAt: null },
});

beforeEach(() => {
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ReviewSession', () => {
  it('shows the counts and works through the due cards, each graded by its answer', async () => {
    const cards = [
      card(1),
      card(2, {
        kind: 'word',
        word: 'shelter',
        sentence: material.sentences[1]!,
        mode: 'dictation',
      }),
    ];
    let served = cards;
    const api = signIn(undefined, {
      'GET /api/listening/review/queue': () => ok(queue(served)),
      'GET /api/listening/materials/lp-0001': ok(material),
      'POST /api/listening/materials/lp-0001/sentences/0/dictation': () => {
        // The answered card leaves the due queue: the round must not skip the next one.
        served = cards.slice(1);
        return ok(
          buildDictationResult({
            review: {
              card: cards[0]!,
              rating: 'hard',
              nextDue: '2026-11-28T09:00:00.000Z',
            },
          }),
        );
      },
    });
    renderApp('/', [{ path: '/', element: <ReviewSession /> }]);
    const counts = await screen.findByLabelText('复习数量', undefined, { timeout: 5000 });
    expect(counts).toHaveTextContent('现在到期2今天到期3复习卡片5');
    expect(await screen.findByText('第 1 / 2 张')).toBeInTheDocument();
    // The material's own cues play the card's sentence; no previous / next on a card.
    expect(await screen.findByRole('status', { name: '播放状态' })).toHaveTextContent('本句');
    expect(screen.queryByRole('button', { name: '下一句' })).toBeNull();

    fireEvent.change(screen.getByLabelText('听写内容'), { target: { value: 'coral reefs' } });
    fireEvent.click(screen.getByRole('button', { name: '提交听写' }));
    expect(await screen.findByText(/复习评价：有点难 · 下次复习 11月28日/)).toBeInTheDocument();
    expect(
      api.requestsTo('POST /api/listening/materials/lp-0001/sentences/0/dictation')[0]?.body,
    ).toEqual({ text: 'coral reefs', reviewCardId: 1 });

    fireEvent.click(screen.getByRole('button', { name: '下一张' }));
    expect(await screen.findByText('第 2 / 2 张')).toBeInTheDocument();
    const second = screen.getByRole('region', { name: '复习卡片' });
    expect(within(second).getByText(/单词卡/)).toBeInTheDocument();
    expect(
      within(second).getByText('听写整句：其中有一个你上次漏掉或写错的词。'),
    ).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: '跳过这张' }));
    expect(await screen.findByText('本轮复习完成')).toBeInTheDocument();
  });

  it('掌握了 takes a card out of the deck once confirmed, and the round moves on', async () => {
    const cards = [card(1), card(2, { sentence: material.sentences[1]! })];
    let served = cards;
    const api = signIn(undefined, {
      'GET /api/listening/review/queue': () => ok(queue(served)),
      'GET /api/listening/materials/lp-0001': ok(material),
      'DELETE /api/listening/review/cards/1': () => {
        served = cards.slice(1);
        return ok({ removed: true });
      },
    });
    renderApp('/', [{ path: '/', element: <ReviewSession /> }]);
    expect(
      await screen.findByText('第 1 / 2 张', undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '掌握了' }));
    // Asked first: nothing is removed until the learner confirms.
    expect(await screen.findByText('已经掌握这张卡片？')).toBeInTheDocument();
    expect(api.requestsTo('DELETE /api/listening/review/cards/1')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: '移出复习' }));
    expect(await screen.findByText('第 2 / 2 张')).toBeInTheDocument();
    expect(api.requestsTo('DELETE /api/listening/review/cards/1')).toHaveLength(1);
    // The counts are asked for again.
    await waitFor(() =>
      expect(api.requestsTo('GET /api/listening/review/queue').length).toBeGreaterThan(1),
    );
    fireEvent.click(screen.getByRole('button', { name: '跳过这张' }));
    expect(await screen.findByText('本轮复习完成（1 张已掌握，移出复习）')).toBeInTheDocument();
  });

  it('says when the next card is due when none is due now', async () => {
    signIn(undefined, {
      'GET /api/listening/review/queue': ok({
        ...queue([]),
        counts: { dueNow: 0, dueToday: 0, total: 3, nextDueAt: '2026-11-27T01:00:00.000Z' },
      }),
    });
    renderApp('/', [{ path: '/', element: <ReviewSession /> }]);
    expect(
      await screen.findByText(/现在没有要复习的内容，下一张卡片 11月27日 \d\d:00 到期/, undefined, {
        timeout: 5000,
      }),
    ).toBeInTheDocument();
  });
});
