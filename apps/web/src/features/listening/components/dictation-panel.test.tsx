import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { onLoginRequested } from '../../../lib/login-events';
import { renderApp } from '../../../testing/render-app';
import { ok, signIn, stubApi } from '../../../testing/stub-api';
import { buildDictationResult } from '../testing/build-material';
import { DictationPanel } from './dictation-panel';

const URL_0 = 'POST /api/listening/materials/lp-0001/sentences/0/dictation';

function renderPanel(reviewCardId?: number) {
  return renderApp('/', [
    {
      path: '/',
      element: (
        <DictationPanel
          materialId="lp-0001"
          index={0}
          {...(reviewCardId === undefined ? {} : { reviewCardId })}
        />
      ),
    },
  ]);
}

describe('DictationPanel', () => {
  it('sends the typed sentence on Enter and shows the diff, the score and the words put in the word book', async () => {
    const api = signIn(undefined, { [URL_0]: ok(buildDictationResult()) });
    renderPanel();
    const box = screen.getByLabelText('听写内容');
    fireEvent.change(box, { target: { value: 'coral reefs cuver a small part the big ocean' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(await screen.findByLabelText('逐词对照')).toBeInTheDocument();
    expect(api.requestsTo(URL_0)[0]?.body).toEqual({
      text: 'coral reefs cuver a small part the big ocean',
    });
    expect(screen.getByText(/得分/)).toHaveTextContent('得分 6 / 9本句已加入复习');
    expect(screen.getByRole('status')).toHaveTextContent('已加入生词本：cover、tiny');
    expect(screen.getByRole('link', { name: '在个人中心查看生词本' })).toHaveAttribute(
      'href',
      '/center',
    );
    fireEvent.click(screen.getByRole('button', { name: '再写一次' }));
    expect(screen.getByLabelText('听写内容')).toHaveValue('');
  });

  it('grades a review card: the card id goes with the answer and no second try is offered', async () => {
    const api = signIn(undefined, {
      [URL_0]: ok(
        buildDictationResult({
          review: {
            rating: 'again',
            nextDue: '2026-11-26T08:10:00.000Z',
            card: {
              id: 7,
              kind: 'sentence',
              mode: 'dictation',
              materialId: 'lp-0001',
              materialTitle: 'How coral reefs recover',
              audioUrl: '/files/a.mp3',
              sentence: {
                index: 0,
                start: 0.5,
                end: 2,
                text: 'x',
                speaker: null,
                translationZh: null,
              },
              word: null,
              state: 'relearning',
              due: '2026-11-26T08:10:00.000Z',
              reps: 2,
              lapses: 1,
              lastReviewedAt: '2026-11-26T08:00:00.000Z',
              createdAt: '2026-11-25T08:00:00.000Z',
            },
          },
        }),
      ),
    });
    renderPanel(7);
    fireEvent.change(screen.getByLabelText('听写内容'), { target: { value: 'coral' } });
    fireEvent.click(screen.getByRole('button', { name: '提交听写' }));
    expect(await screen.findByText(/复习评价：没记住/)).toBeInTheDocument();
    expect(api.requestsTo(URL_0)[0]?.body).toEqual({ text: 'coral', reviewCardId: 7 });
    expect(screen.queryByRole('button', { name: '再写一次' })).toBeNull();
  });

  it('asks a signed-out learner to sign in instead of sending', () => {
    const api = stubApi({});
    const asked: unknown[] = [];
    const stop = onLoginRequested((request) => asked.push(request));
    renderPanel();
    fireEvent.change(screen.getByLabelText('听写内容'), { target: { value: 'coral' } });
    fireEvent.click(screen.getByRole('button', { name: '提交听写' }));
    expect(asked).toHaveLength(1);
    expect(api.requestsTo(URL_0)).toHaveLength(0);
    stop();
  });
});
