import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../testing/build-user';
import { ok, signIn } from '../../testing/stub-api';
import { renderApp } from '../../testing/render-app';

describe('学习中心', () => {
  it('shows the learner’s study time and practices', async () => {
    signIn(buildUser(), {
      'GET /api/postsV2/findUserStudyData': ok({
        date: '2026-11-22',
        todayMinutes: 75,
        totalMinutes: 600,
        todayPractices: 3,
        totalPractices: 42,
        studyDays: 5,
        recent: [
          { date: '2026-11-21', minutes: 30, practices: 1 },
          { date: '2026-11-22', minutes: 75, practices: 3 },
        ],
      }),
    });
    renderApp('/data');
    const figures = await screen.findByRole('region', { name: '学习概况' });
    expect(within(figures).getByText('1 小时 15 分钟')).toBeInTheDocument();
    expect(within(figures).getByText('10 小时')).toBeInTheDocument();
    expect(within(figures).getByText('42 次')).toBeInTheDocument();
    expect(within(figures).getByText('5 天')).toBeInTheDocument();
    const recent = screen.getByRole('region', { name: '最近 7 天' });
    expect(within(recent).getByText('今天')).toBeInTheDocument();
    expect(within(recent).getByText('30 分钟 · 1 次')).toBeInTheDocument();
  });
});
