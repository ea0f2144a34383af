import type { MockReport, SkillScore, StudyPlan } from '@ninety/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../testing/build-user';
import { renderApp } from '../../testing/render-app';
import { ok, signIn } from '../../testing/stub-api';

/** Issue 13: the level test is a placement, an estimate with a recommended study plan. */
vi.setConfig({ testTimeout: 60_000 });

const PAPER_ID = 'levelTestPaper0001';

const skill = (score: number): SkillScore => ({
  score,
  low: score - 8,
  high: score + 8,
  itemsScored: 3,
  itemsUnscored: 0,
  types: ['RA'],
});

function report(kind: MockReport['blueprint']['kind'], isOwner: boolean): MockReport {
  return {
    id: PAPER_ID,
    status: 'ready',
    blueprint: { id: `${kind}-bp`, version: 1, kind, nameZh: '水平测试', nameEn: 'Level test' },
    isOwner,
    learnerName: '用户1',
    createdAt: '2026-11-26T10:00:00.000Z',
    finishedAt: '2026-11-26T10:15:00.000Z',
    readyAt: '2026-11-26T10:15:30.000Z',
    progress: { done: 1, total: 1 },
    scores: {
      scoringProfileId: 'pte-2025-08-r7',
      calibrationId: 'c1',
      labelZh: '练习估分',
      noteZh: '本成绩是练习估分',
      overall: skill(45),
      skills: { speaking: skill(40), writing: skill(50), reading: skill(45), listening: skill(44) },
      unscoredItems: [],
      typeSummaries: [],
      skillsProfile: [],
      strengths: [],
      weaknesses: [],
      practiceNext: [{ type: 'RS', reasonZh: '复述句子得分偏低' }],
    },
    timeByPart: [],
    items: [],
    previous: [],
  };
}

const plan: StudyPlan = {
  date: '2026-11-26',
  hasGoal: false,
  examDate: null,
  daysLeft: null,
  dailyMinutes: 30,
  tasks: [{ type: 'RA', count: 4, minutes: 8, done: 0, reasonZh: '口语还没有估分，先练几道摸底' }],
  skills: [],
  summaryZh: '还没有设定目标：先按各项均衡安排，今天约 8 分钟。',
};

describe('the mock report page', () => {
  it("shows the level test's owner today's study plan after what to practise next", async () => {
    signIn(buildUser(), {
      [`GET /api/mock/reports/${PAPER_ID}`]: ok(report('level', true)),
      'GET /api/learning-centre/plan': ok(plan),
    });
    renderApp(`/mock/report/${PAPER_ID}`);
    const card = await screen.findByRole('region', { name: '学习计划建议' }, { timeout: 20_000 });
    expect(await within(card).findByText(/朗读/)).toBeInTheDocument();
    expect(within(card).getByText(/4 题 · 约 8 分钟/)).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: '设定目标分和考试日期' })).toHaveAttribute(
      'href',
      '/data?tab=plan',
    );
  });

  it('shows no plan on a full mock, nor to a visitor of a public level test report', async () => {
    for (const [kind, isOwner] of [
      ['full', true],
      ['level', false],
    ] as const) {
      signIn(buildUser(), {
        [`GET /api/mock/reports/${PAPER_ID}`]: ok(report(kind, isOwner)),
        'GET /api/learning-centre/plan': ok(plan),
      });
      const { unmount } = renderApp(`/mock/report/${PAPER_ID}`);
      await screen.findByRole('region', { name: '接下来练什么' }, { timeout: 20_000 });
      expect(screen.queryByRole('region', { name: '学习计划建议' })).toBeNull();
      unmount();
    }
  });
});
