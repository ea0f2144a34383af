import type { ItemTypeCode, Skill, SkillEstimates } from '@ninety/contract';
import { describe, expect, it } from 'vitest';
import {
  buildStudyPlan,
  typeShares,
  type PlanInput,
  type TypeRecent,
} from './learning-centre.plan';

/** Plan generation as tables: gaps, type weights, results, days left, no goal. */

const noTargets: Record<Skill, number | null> = {
  speaking: null,
  writing: null,
  reading: null,
  listening: null,
};
const estimates = (values: Partial<SkillEstimates> = {}): SkillEstimates => ({
  speaking: null,
  writing: null,
  reading: null,
  listening: null,
  ...values,
});

function plan(input: Partial<PlanInput> = {}) {
  return buildStudyPlan({
    today: '2026-11-22',
    examDate: null,
    dailyMinutes: 60,
    targetOverall: null,
    targets: noTargets,
    estimates: estimates(),
    recent: new Map(),
    doneToday: new Map(),
    ...input,
  });
}

const minutesBySkillArea = (result: ReturnType<typeof plan>, types: readonly ItemTypeCode[]) =>
  result.tasks
    .filter((task) => types.includes(task.type))
    .reduce((sum, task) => sum + task.minutes, 0);

const SPEAKING: ItemTypeCode[] = ['RA', 'RS', 'DI', 'RL', 'ASQ', 'RTS', 'SGD'];
const READING: ItemTypeCode[] = ['RWFIB', 'RMCM', 'RO', 'RFIB', 'RMCS'];

describe('typeShares', () => {
  it('gives each skill shares that add up to 1', () => {
    const totals = new Map<Skill, number>();
    for (const bySkill of typeShares().values()) {
      for (const [skill, share] of bySkill) totals.set(skill, (totals.get(skill) ?? 0) + share);
    }
    for (const total of totals.values()) expect(total).toBeCloseTo(1);
  });
});

describe('buildStudyPlan', () => {
  it.each([
    {
      name: 'a speaking gap puts speaking first',
      targets: { ...noTargets, speaking: 79 },
      targetOverall: 65,
      estimates: estimates({ speaking: 50, writing: 70, reading: 70, listening: 70 }),
      heavier: SPEAKING,
      lighter: READING,
    },
    {
      name: 'a reading gap puts reading first',
      targets: noTargets,
      targetOverall: 65,
      estimates: estimates({ speaking: 70, writing: 70, reading: 40, listening: 70 }),
      heavier: READING,
      lighter: SPEAKING,
    },
  ])('$name', ({ targets, targetOverall, estimates: given, heavier, lighter }) => {
    const result = plan({ targets, targetOverall, estimates: given });
    expect(minutesBySkillArea(result, heavier)).toBeGreaterThan(
      minutesBySkillArea(result, lighter),
    );
    expect(result.hasGoal).toBe(true);
  });

  it('weights types by their share of the test: RS (10–12 items) before RTS (2–3)', () => {
    const result = plan({ targetOverall: 65, estimates: estimates({ speaking: 50 }) });
    const order = result.tasks.map((task) => task.type);
    expect(order).toContain('RS');
    if (order.includes('RTS')) expect(order.indexOf('RS')).toBeLessThan(order.indexOf('RTS'));
  });

  it('moves as results come in: a type done badly lately gains, one done well loses', () => {
    const recentOf = (wfd: number): Map<ItemTypeCode, TypeRecent> =>
      new Map<ItemTypeCode, TypeRecent>([
        ['WFD', { practices: 10, averageScore: wfd }],
        ['RS', { practices: 10, averageScore: 70 }],
        ['RA', { practices: 10, averageScore: 70 }],
        ['RWFIB', { practices: 10, averageScore: 70 }],
        ['HIW', { practices: 10, averageScore: 70 }],
        ['DI', { practices: 10, averageScore: 70 }],
      ]);
    const base = {
      targetOverall: 65,
      estimates: estimates({ speaking: 60, writing: 60, reading: 60, listening: 60 }),
    };
    const weak = plan({ ...base, recent: recentOf(30) });
    const strong = plan({ ...base, recent: recentOf(85) });
    const wfdRank = (result: ReturnType<typeof plan>) =>
      result.tasks.findIndex((task) => task.type === 'WFD');
    expect(wfdRank(weak)).toBeGreaterThanOrEqual(0);
    expect(wfdRank(strong) === -1 || wfdRank(strong) > wfdRank(weak)).toBe(true);
    expect(weak.tasks.find((task) => task.type === 'WFD')?.reasonZh).toContain('均分 30');
  });

  it.each([
    { dailyMinutes: 20, tasks: 2 },
    { dailyMinutes: 60, tasks: 5 },
    { dailyMinutes: 240, tasks: 6 },
  ])('fits $dailyMinutes minutes in $tasks types', ({ dailyMinutes, tasks }) => {
    const result = plan({ dailyMinutes });
    expect(result.tasks).toHaveLength(tasks);
    for (const task of result.tasks) expect(task.count).toBeGreaterThanOrEqual(1);
  });

  it.each([
    { examDate: null, daysLeft: null, text: '还没有设定目标' },
    { examDate: '2026-12-22', daysLeft: 30, text: '今天约' },
    { examDate: '2026-11-22', daysLeft: 0, text: '保持练习' },
    { examDate: '2026-11-01', daysLeft: null, text: '考试日期已过' },
  ])('exam date $examDate: $daysLeft days left', ({ examDate, daysLeft, text }) => {
    const result = plan({ examDate, targetOverall: examDate ? 65 : null });
    expect(result.daysLeft).toBe(daysLeft);
    expect(result.summaryZh).toContain(text);
    // The card shows `daysLeft` on its own line; the summary does not say it a second time.
    expect(result.summaryZh).not.toMatch(/距考试|今天考试/);
  });

  it('reports the gap per skill, and 0 once reached', () => {
    const result = plan({
      targetOverall: 65,
      targets: { ...noTargets, speaking: 79 },
      estimates: estimates({ speaking: 70, writing: 80 }),
    });
    expect(result.skills).toEqual([
      { skill: 'speaking', target: 79, estimate: 70, gap: 9 },
      { skill: 'writing', target: 65, estimate: 80, gap: 0 },
      { skill: 'reading', target: 65, estimate: null, gap: null },
      { skill: 'listening', target: 65, estimate: null, gap: null },
    ]);
  });

  it('counts what was done today against each task', () => {
    const result = plan({ doneToday: new Map([['RS', 3]]) });
    const rs = result.tasks.find((task) => task.type === 'RS');
    if (rs) expect(rs.done).toBe(3);
    for (const task of result.tasks.filter((entry) => entry.type !== 'RS'))
      expect(task.done).toBe(0);
  });
});

describe('buildStudyPlan: every skill behind gets a type', () => {
  it.each([
    {
      speaking: 50,
      writing: 62,
      reading: 58,
      listening: 66,
      behind: ['speaking', 'writing', 'reading'],
    },
    { speaking: 70, writing: 70, reading: 40, listening: 40, behind: ['reading', 'listening'] },
  ])('$behind', ({ behind, ...given }) => {
    const result = plan({ targetOverall: 65, estimates: estimates(given) });
    const shares = typeShares();
    for (const skill of behind as Skill[]) {
      expect(result.tasks.some((task) => shares.get(task.type)?.has(skill))).toBe(true);
    }
  });
});
