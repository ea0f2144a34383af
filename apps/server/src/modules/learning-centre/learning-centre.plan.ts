import {
  itemTypes,
  skillNamesZh,
  type ItemTypeCode,
  type PlanTask,
  type Skill,
  type SkillEstimates,
  type SkillGap,
  type StudyPlan,
} from '@ninety/contract';
import { SKILLS, daysBetween, skillsOf } from './learning-centre.aggregate';

/**
 * Today's study plan (issue 19): which item types, how many and for how long, weighted by the gap
 * between the learner's target and estimate per skill, by the type's share of that skill in a
 * real test, and by how the learner does on the type lately. Pure, tested as tables.
 */

/**
 * Minutes one practice item takes with reading the feedback: about the type's timing on the test
 * (preparation + answer, or the share of a section timer) plus a minute or two to go through the
 * evidence; essays and summaries take their full writing time.
 */
export const MINUTES_PER_ITEM: Partial<Record<ItemTypeCode, number>> = {
  RA: 2,
  RS: 1,
  DI: 2,
  RL: 3,
  ASQ: 1,
  RTS: 2,
  SGD: 5,
  SWT: 10,
  WE: 20,
  RWFIB: 3,
  RMCM: 3,
  RO: 3,
  RFIB: 2,
  RMCS: 2,
  SST: 12,
  LMCM: 3,
  LFIB: 2,
  HCS: 2,
  LMCS: 2,
  SMW: 2,
  HIW: 2,
  WFD: 1,
};

/** With no estimate for a skill the plan treats the gap as this many points (a first look). */
const UNKNOWN_GAP = 10;
/** The bar a type's recent average is held against when no target is set. */
const DEFAULT_TARGET = 65;
const MAX_TASKS = 6;

export interface TypeRecent {
  /** Scored answers in the last four weeks. */
  practices: number;
  /** Their mean 估分, null without any. */
  averageScore: number | null;
}

export interface PlanInput {
  today: string;
  examDate: string | null;
  dailyMinutes: number;
  targetOverall: number | null;
  targets: Record<Skill, number | null>;
  estimates: SkillEstimates;
  recent: ReadonlyMap<ItemTypeCode, TypeRecent>;
  doneToday: ReadonlyMap<ItemTypeCode, number>;
}

const planTypes = (Object.keys(MINUTES_PER_ITEM) as ItemTypeCode[]).filter(
  (type) => itemTypes[type].isScored,
);

/** A type's share of a skill: its items in a real test over all items feeding the skill. */
export function typeShares(): Map<ItemTypeCode, Map<Skill, number>> {
  const itemsPerTest = (type: ItemTypeCode) => {
    const range = itemTypes[type].countPerTest['pte-2025-08'];
    return (range.min + range.max) / 2;
  };
  const skillTotals = new Map<Skill, number>();
  for (const type of planTypes) {
    for (const skill of skillsOf(type)) {
      skillTotals.set(skill, (skillTotals.get(skill) ?? 0) + itemsPerTest(type));
    }
  }
  const shares = new Map<ItemTypeCode, Map<Skill, number>>();
  for (const type of planTypes) {
    const bySkill = new Map<Skill, number>();
    for (const skill of skillsOf(type)) {
      bySkill.set(skill, itemsPerTest(type) / (skillTotals.get(skill) ?? 1));
    }
    shares.set(type, bySkill);
  }
  return shares;
}

export function skillGaps(
  input: Pick<PlanInput, 'targetOverall' | 'targets' | 'estimates'>,
): SkillGap[] {
  return SKILLS.map((skill) => {
    const target = input.targets[skill] ?? input.targetOverall;
    const estimate = input.estimates[skill];
    return {
      skill,
      target,
      estimate,
      gap: target === null || estimate === null ? null : Math.max(0, target - estimate),
    };
  });
}

export function buildStudyPlan(input: PlanInput): StudyPlan {
  const skills = skillGaps(input);
  const hasGoal =
    input.targetOverall !== null || SKILLS.some((skill) => input.targets[skill] !== null);
  // A reached skill keeps weight 1 so it is kept up, a skill behind gains a fifth per point.
  const skillWeight = new Map<Skill, number>(
    skills.map((entry) => {
      if (entry.target === null) return [entry.skill, 1];
      const gap = entry.estimate === null ? UNKNOWN_GAP : (entry.gap ?? 0);
      return [entry.skill, 1 + gap / 5];
    }),
  );
  const shares = typeShares();
  const scored = planTypes.map((type) => {
    const recent = input.recent.get(type);
    const bySkill = shares.get(type) ?? new Map<Skill, number>();
    let weight = 0;
    let leading: Skill | null = null;
    let leadingWeight = 0;
    for (const [skill, share] of bySkill) {
      const part = (skillWeight.get(skill) ?? 1) * share;
      weight += part;
      if (part > leadingWeight) {
        leadingWeight = part;
        leading = skill;
      }
    }
    const bar =
      Math.max(...[...bySkill.keys()].map((skill) => input.targets[skill] ?? 0), 0) ||
      input.targetOverall ||
      DEFAULT_TARGET;
    // Results move the plan: a type done below the bar lately counts up to twice as much, a type
    // never practised a little more than an average one (it needs a first look).
    const weakness =
      recent?.averageScore == null
        ? 1.2
        : 1 + Math.min(Math.max(bar - recent.averageScore, 0), 40) / 40;
    return { type, score: weight * weakness, leading, recent, bar };
  });
  scored.sort((a, b) => b.score - a.score || a.type.localeCompare(b.type));

  const taskCount = Math.min(MAX_TASKS, Math.max(2, Math.round(input.dailyMinutes / 12)));
  // Every skill behind its target gets at least its best type, biggest gap first; the rest of
  // the day goes to the highest weights.
  const chosen: typeof scored = [];
  const behind = [...skillWeight.entries()]
    .filter(([, weight]) => weight > 1)
    .sort((a, b) => b[1] - a[1]);
  for (const [skill] of behind) {
    const best = scored.find(
      (entry) => !chosen.includes(entry) && (shares.get(entry.type)?.has(skill) ?? false),
    );
    if (best && chosen.length < taskCount) chosen.push(best);
  }
  for (const entry of scored) {
    if (chosen.length >= taskCount) break;
    if (!chosen.includes(entry)) chosen.push(entry);
  }
  chosen.sort((a, b) => b.score - a.score || a.type.localeCompare(b.type));
  const scoreSum = chosen.reduce((sum, entry) => sum + entry.score, 0) || 1;
  const gapOf = new Map(skills.map((entry) => [entry.skill, entry]));
  const tasks: PlanTask[] = chosen.map((entry) => {
    const perItem = MINUTES_PER_ITEM[entry.type] ?? 2;
    const count = Math.max(1, Math.round((input.dailyMinutes * entry.score) / scoreSum / perItem));
    return {
      type: entry.type,
      count,
      minutes: Math.ceil(count * perItem),
      done: input.doneToday.get(entry.type) ?? 0,
      reasonZh: reasonFor(entry, entry.leading ? gapOf.get(entry.leading) : undefined),
    };
  });

  const daysLeft = input.examDate === null ? null : daysBetween(input.today, input.examDate);
  const planned = tasks.reduce((sum, task) => sum + task.minutes, 0);
  return {
    date: input.today,
    hasGoal,
    examDate: input.examDate,
    daysLeft: daysLeft !== null && daysLeft >= 0 ? daysLeft : null,
    dailyMinutes: input.dailyMinutes,
    tasks,
    skills,
    summaryZh: summaryFor(hasGoal, daysLeft, planned, skills),
  };
}

function reasonFor(
  entry: { type: ItemTypeCode; recent: TypeRecent | undefined; bar: number },
  gap: SkillGap | undefined,
): string {
  const name = itemTypes[entry.type].nameZh;
  const parts: string[] = [];
  if (gap?.gap) parts.push(`${skillNamesZh[gap.skill]}距目标还差 ${gap.gap} 分`);
  else if (gap && gap.target !== null && gap.estimate === null)
    parts.push(`${skillNamesZh[gap.skill]}还没有估分，先练几道摸底`);
  if (entry.recent?.averageScore == null) parts.push(`${name}近四周还没练过`);
  else if (entry.recent.averageScore < entry.bar)
    parts.push(`${name}近四周均分 ${entry.recent.averageScore}，低于 ${entry.bar}`);
  else parts.push(`${name}在考试中题量大，保持手感`);
  return parts.join('；');
}

function summaryFor(
  hasGoal: boolean,
  daysLeft: number | null,
  minutes: number,
  skills: readonly SkillGap[],
): string {
  const today = `今天约 ${minutes} 分钟`;
  if (!hasGoal)
    return `还没有设定目标：先按各项均衡安排，${today}。设定目标分和考试日期后，计划会按差距调整。`;
  const behind = skills.filter((entry) => (entry.gap ?? 0) > 0);
  const gaps =
    behind.length === 0
      ? '各项估分已达到目标，保持练习'
      : `重点：${behind.map((entry) => `${skillNamesZh[entry.skill]}差 ${entry.gap} 分`).join('、')}`;
  // The days left are not repeated here: the plan's card shows `daysLeft` on a line of its own.
  if (daysLeft !== null && daysLeft < 0)
    return `${gaps}，${today}。考试日期已过，可以设定新的日期。`;
  if (daysLeft === 0) return `${gaps}。`;
  return `${gaps}，${today}。`;
}
