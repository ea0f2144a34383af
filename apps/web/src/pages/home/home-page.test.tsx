import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildMistakes, buildOverview, buildPlan } from '../../features/learning-centre/testing';
import { announceQuotaUsedUp } from '../../lib/quota-events';
import { buildUser } from '../../testing/build-user';
import { ok, signIn, stubApi } from '../../testing/stub-api';
import { renderApp } from '../../testing/render-app';

describe('home', () => {
  it('signed out: a landing that links only to what exists', async () => {
    stubApi({});
    renderApp('/');
    await screen.findByRole('heading', { name: '用 Ninety 稳步练到目标分' }, { timeout: 10_000 });
    const entries = screen.getByRole('region', { name: '从这里开始' });
    const links = within(entries)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(links).toEqual([
      '/high',
      '/question',
      '/mock',
      '/IntensiveListening/ListeningList',
      '/tools/favorites',
      '/data',
      '/micro-course',
      '/material/index',
      '/wow-vip',
    ]);
    expect(within(entries).queryByText(/即将上线/)).toBeNull();
    // Real screenshots of scoring feedback, loaded lazily (not in the first load's code).
    const feedback = screen.getByRole('region', { name: '提交后看到的评分反馈' });
    const shots = within(feedback).getAllByRole('img');
    expect(shots.map((shot) => shot.getAttribute('src'))).toEqual([
      '/images/feedback-write-from-dictation.webp',
      '/images/feedback-summarize-written-text.webp',
    ]);
    for (const shot of shots) expect(shot).toHaveAttribute('loading', 'lazy');
  });

  it('signed in: streak, today’s plan, mistakes to redo, the item to go back to', async () => {
    signIn(buildUser(), {
      'GET /api/learning-centre/overview': ok(
        buildOverview({
          lastItem: {
            itemId: 'swt-0003',
            type: 'SWT',
            number: 3,
            title: 'Sleep and memory',
            practisedAt: '2026-11-21T03:00:00.000Z',
          },
        }),
      ),
      'GET /api/learning-centre/plan': ok(buildPlan()),
      'GET /api/learning-centre/mistakes': ok(buildMistakes({ total: 7 })),
      'GET /api/mock/papers': ok({ list: [], total: 0, page: 1, perPage: 20 }),
      'GET /api/postsV2/highFrequency': ok({
        week: null,
        currentWeek: '2026-W47',
        weeks: [],
        groups: [],
      }),
    });
    renderApp('/');
    const stats = await screen.findByTestId('home-stats', {}, { timeout: 10_000 });
    expect(await within(stats).findByText('3 天')).toBeInTheDocument();
    expect(await within(stats).findByText('7 题')).toBeInTheDocument();
    const plan = await screen.findByTestId('study-plan');
    expect(within(plan).getByText('复述句子 RS')).toBeInTheDocument();
    const resume = screen.getByRole('region', { name: '继续上次' });
    expect(within(resume).getByRole('link', { name: '回到这道题' })).toHaveAttribute(
      'href',
      '/exp/SWT/swt-0003',
    );
  });

  it('at 0 uses the quota dialog says what the uses are and when they return', async () => {
    // The dialog's module is loaded on demand; loaded here first, so that what is waited for
    // below is the dialog opening, not the test runner transforming antd on a busy machine.
    await import('../../features/learning-centre/components/quota-dialog');
    signIn(buildUser(), {
      'GET /api/learning-centre/quota': ok({
        isMember: false,
        allowance: 10,
        remaining: 0,
        resetRule: 'daily',
        nextResetAt: '2026-11-22T16:00:00.000Z',
        timeZone: 'Asia/Shanghai',
      }),
      'GET /api/learning-centre/overview': ok(buildOverview()),
      'GET /api/learning-centre/plan': ok(buildPlan()),
      'GET /api/learning-centre/mistakes': ok(buildMistakes()),
    });
    renderApp('/');
    await screen.findByTestId('home-stats', {}, { timeout: 10_000 });
    act(() => announceQuotaUsedUp());
    const dialog = await screen.findByTestId('quota-dialog', {}, { timeout: 10_000 });
    expect(await within(dialog).findByText('10')).toBeInTheDocument();
    expect(within(dialog).getByText(/11\/23 00:00|11月23日 00:00/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '了解 VIP 会员' }).getAttribute('href')).toBe('/vip');
  });
});
