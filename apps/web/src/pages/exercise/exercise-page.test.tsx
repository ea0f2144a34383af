import { buildExampleItem } from '@ninety/contract/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../lib/toast';
import { buildUser } from '../../testing/build-user';
import { renderApp } from '../../testing/render-app';
import { ok, signIn } from '../../testing/stub-api';

/** The practice page as the app routes it: the quota check before a counted practice (spec §6). */

const item = buildExampleItem('RMCS') as { id: string; content: unknown };
const detail = {
  id: item.id,
  type: 'RMCS',
  number: 7,
  title: 'Coral reefs',
  practiceCount: 12,
  color: 0,
  content: item.content,
};

let warning: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  warning = vi.spyOn(toast, 'warning').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

async function answerAndSubmit() {
  renderApp(`/exp/RMCS/${item.id}`);
  expect(
    await screen.findByText('#7 Coral reefs', undefined, { timeout: 10_000 }),
  ).toBeInTheDocument();
  await userEvent.click(screen.getAllByRole('radio')[0]!);
  await userEvent.click(screen.getByRole('button', { name: /^提\s?交$/ }));
}

describe('the exercise page checks the quota before a counted practice (spec §6)', () => {
  it('a non-member with no uses left is warned 剩余次数不足 and nothing is sent', async () => {
    const api = signIn(buildUser({ energy: 0 }), { 'GET /api/posts/detail': ok(detail) });
    await answerAndSubmit();
    await waitFor(() => expect(warning).toHaveBeenCalledWith('剩余次数不足'));
    expect(api.requestsTo('POST /api/posts/examed')).toHaveLength(0);
  });

  it('a class account (isZoom) is told 请联系老师开通VIP instead', async () => {
    localStorage.setItem('isZoom', 'true');
    const api = signIn(buildUser({ energy: 0, isZoom: true }), {
      'GET /api/posts/detail': ok(detail),
    });
    await answerAndSubmit();
    await waitFor(() => expect(warning).toHaveBeenCalledWith('请联系老师开通VIP'));
    expect(api.requestsTo('POST /api/posts/examed')).toHaveLength(0);
  });

  it('a learner with uses left submits without a warning', async () => {
    const api = signIn(buildUser({ energy: 3 }), {
      'GET /api/posts/detail': ok(detail),
      'POST /api/posts/examed': ok({}),
    });
    await answerAndSubmit();
    await waitFor(() => expect(api.requestsTo('POST /api/posts/examed')).toHaveLength(1));
    expect(warning).not.toHaveBeenCalled();
  });
});
