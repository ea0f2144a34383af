import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  buildMistakes,
  buildOverview,
  buildPlan,
  defaultProfile,
} from '../../features/learning-centre/testing';
import { buildUser } from '../../testing/build-user';
import { ok, signIn } from '../../testing/stub-api';
import { renderApp } from '../../testing/render-app';

const routes = {
  'GET /api/learning-centre/overview': ok(buildOverview()),
  'GET /api/learning-centre/profile': ok(defaultProfile),
  'GET /api/learning-centre/plan': ok(buildPlan()),
  'GET /api/learning-centre/mistakes': ok(buildMistakes()),
  'GET /api/listening/review/counts': ok({ dueNow: 3, dueToday: 5, total: 12, nextDueAt: null }),
};

describe('学习中心', () => {
  it('shows the learner’s figures, streak and weakest types', async () => {
    signIn(buildUser(), routes);
    renderApp('/data');
    const figures = await screen.findByTestId('learning-figures', {}, { timeout: 10_000 });
    expect(within(figures).getByText('1 小时 15 分钟')).toBeInTheDocument();
    expect(within(figures).getByText('10 小时')).toBeInTheDocument();
    expect(within(figures).getByText('最长 9 天')).toBeInTheDocument();
    const weakest = screen.getByTestId('weakest-types');
    expect(within(weakest).getByText('听写句子 WFD')).toBeInTheDocument();
    expect(screen.getByText(/日期与连续天数按北京时间计算/)).toBeInTheDocument();
  });

  it('shows the 精听 review deck with the way to 今日复习 (issue 20)', async () => {
    signIn(buildUser(), routes);
    renderApp('/data');
    const card = await screen.findByRole('region', { name: '精听复习' }, { timeout: 10_000 });
    expect(await within(card).findByRole('link', { name: '去复习 3 张' })).toHaveAttribute(
      'href',
      '/IntensiveListening/ListeningList?tab=review',
    );
    expect(within(card).getByText('复习卡片').nextSibling).toHaveTextContent('12');
  });

  it('lists mistakes with the last answer and a redo link', async () => {
    signIn(buildUser(), routes);
    renderApp('/data?tab=mistakes');
    const list = await screen.findByTestId('mistake-list', {}, { timeout: 10_000 });
    expect(within(list).getByText(/Campus library/)).toBeInTheDocument();
    expect(within(list).getByText('我的作答：the library opens late')).toBeInTheDocument();
    expect(within(list).getByText('订正中 1/2')).toBeInTheDocument();
    const redo = within(list).getByRole('link', { name: '重做' });
    expect(redo.getAttribute('href')).toMatch(/^\/exp\/WFD\/wfd-0001\?from=/);
  });

  it('shows the plan with the days left', async () => {
    signIn(buildUser(), routes);
    renderApp('/data?tab=plan');
    const plan = await screen.findByTestId('study-plan', {}, { timeout: 10_000 });
    expect(within(plan).getByText('30')).toBeInTheDocument();
    expect(within(plan).getByText('复述句子 RS')).toBeInTheDocument();
    expect(screen.getByRole('form', { name: '我的目标' })).toBeInTheDocument();
  });
});
