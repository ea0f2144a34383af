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

// The first test pays for loading the page's lazy chunks, slow on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

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
      // Only the request matters here: the answer never comes.
      'POST /api/posts/examed': () => new Promise(() => {}),
    });
    await answerAndSubmit();
    await waitFor(() => expect(api.requestsTo('POST /api/posts/examed')).toHaveLength(1));
    expect(warning).not.toHaveBeenCalled();
  });

  it('an item a bought 资料 includes is sent with no uses left, without a warning (issue 21)', async () => {
    const api = signIn(buildUser({ energy: 0 }), {
      'GET /api/posts/detail': ok(detail),
      'GET /api/materials/unlocks': ok({ itemTypes: ['RMCS'], lessonIds: [] }),
      'POST /api/posts/examed': () => new Promise(() => {}),
    });
    renderApp(`/exp/RMCS/${item.id}`);
    expect(
      await screen.findByText('已购资料包含本题，练习不消耗次数', undefined, { timeout: 10_000 }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('radio')[0]!);
    await userEvent.click(screen.getByRole('button', { name: /^提\s?交$/ }));
    await waitFor(() => expect(api.requestsTo('POST /api/posts/examed')).toHaveLength(1));
    expect(warning).not.toHaveBeenCalled();
  });
});

describe('the exercise type validator on the route (spec §5)', () => {
  it('an unknown type code is the 404 page', async () => {
    signIn(buildUser(), { 'GET /api/posts/detail': ok(detail) });
    renderApp(`/exp/XYZ/${item.id}`);
    // (The route's loader may already have asked for the item: the page still is no page.)
    expect(
      await screen.findByRole('heading', { name: '页面不存在' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByText('#7 Coral reefs')).not.toBeInTheDocument();
  });

  it('a skill opens a mixed sequence of its types, each link staying on the skill', async () => {
    const summary = (id: string, type: string, number: number) => ({
      id,
      type,
      number,
      title: `${type} ${number}`,
    });
    const byType: Record<string, ReturnType<typeof summary>[]> = {
      RMCS: [summary(item.id, 'RMCS', 7), summary('rmcs-0002', 'RMCS', 8)],
      RWFIB: [summary('rwfib-0001', 'RWFIB', 1)],
    };
    signIn(buildUser(), {
      'GET /api/posts/detail': ok(detail),
      'GET /api/postsV2/list': (request) => {
        const list = byType[request.url.searchParams.get('code') ?? ''] ?? [];
        return ok({ list, total: list.length, page: 1, perPage: 20, week: null });
      },
    });
    renderApp(`/exp/reading/${item.id}`);
    expect(
      await screen.findByRole('heading', { name: '阅读混合练习' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    // Reading's types in order: RWFIB, RMCM, RO, RFIB, RMCS → rwfib-0001, rmcs (this), rmcs-0002.
    const nav = await screen.findByRole('navigation', { name: '题目切换' });
    expect(nav).toHaveTextContent('第 2 / 3 题');
    expect(screen.getByRole('link', { name: '← 上一题' })).toHaveAttribute(
      'href',
      '/exp/reading/rwfib-0001',
    );
    expect(screen.getByRole('link', { name: '下一题 →' })).toHaveAttribute(
      'href',
      '/exp/reading/rmcs-0002',
    );
  });

  it("an item of another skill's type is not on a skill's page", async () => {
    signIn(buildUser(), {
      'GET /api/posts/detail': ok(detail),
      'GET /api/postsV2/list': ok({ list: [], total: 0, page: 1, perPage: 20, week: null }),
    });
    renderApp(`/exp/speaking/${item.id}`);
    expect(
      await screen.findByText('这道题不属于该练习', undefined, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });
});
