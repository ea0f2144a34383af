import type { LearningOverview, LearningProfile, MistakeBook, StudyPlan } from '@ninety/contract';

/** 学习中心 answers for page tests. */
export function buildOverview(fields: Partial<LearningOverview> = {}): LearningOverview {
  const days = Array.from({ length: 183 }, (_, index) => {
    const date = new Date(Date.UTC(2026, 10, 22) - (182 - index) * 86_400_000)
      .toISOString()
      .slice(0, 10);
    return { date, minutes: index % 3 === 0 ? 20 : 0, practices: index % 3 === 0 ? 4 : 0 };
  });
  return {
    timeZone: 'Asia/Shanghai',
    today: '2026-11-22',
    streak: { current: 3, longest: 9, activeToday: true },
    totalMinutes: 600,
    totalPractices: 240,
    studyDays: 61,
    todayMinutes: 75,
    todayPractices: 4,
    days,
    hours: Array.from({ length: 24 }, (_, hour) => ({ hour, minutes: hour, practices: 1 })),
    types: [
      {
        type: 'WFD',
        practices: 40,
        accuracy: 0.5,
        averageScore: 61,
        lastPractisedAt: '2026-11-22T01:00:00.000Z',
        weeks: [
          { weekStart: '2026-11-09', practices: 10, averageScore: 50 },
          { weekStart: '2026-11-16', practices: 10, averageScore: 60 },
        ],
      },
    ],
    weakest: [{ type: 'WFD', practices: 4, accuracy: 0.25, averageScore: 41 }],
    lastItem: null,
    ...fields,
  };
}

export const defaultProfile: LearningProfile = {
  timeZone: 'Asia/Shanghai',
  isDefaultTimeZone: true,
  targetOverall: null,
  targets: { speaking: null, writing: null, reading: null, listening: null },
  examDate: null,
  dailyMinutes: 60,
};

export function buildPlan(fields: Partial<StudyPlan> = {}): StudyPlan {
  return {
    date: '2026-11-22',
    hasGoal: true,
    examDate: '2026-12-22',
    daysLeft: 30,
    dailyMinutes: 60,
    tasks: [{ type: 'RS', count: 10, minutes: 10, done: 3, reasonZh: '口语距目标还差 15 分' }],
    skills: [
      { skill: 'speaking', target: 65, estimate: 50, gap: 15 },
      { skill: 'writing', target: 65, estimate: 70, gap: 0 },
      { skill: 'reading', target: 65, estimate: null, gap: null },
      { skill: 'listening', target: 65, estimate: 66, gap: 0 },
    ],
    summaryZh: '重点：口语差 15 分，今天约 60 分钟。',
    ...fields,
  };
}

export function buildMistakes(fields: Partial<MistakeBook> = {}): MistakeBook {
  return {
    list: [
      {
        itemId: 'wfd-0001',
        type: 'WFD',
        number: 1,
        title: 'Campus library',
        wrongCount: 2,
        lastWrongAt: '2026-11-21T02:00:00.000Z',
        rightSince: 1,
        status: 'fixing',
        lastAnswer: {
          answeredAt: '2026-11-21T03:00:00.000Z',
          score: 3,
          max: 5,
          estimate: 58,
          summary: 'the library opens late',
        },
      },
    ],
    total: 1,
    page: 1,
    perPage: 10,
    byType: [{ type: 'WFD', count: 1 }],
    cleared: 2,
    ...fields,
  };
}
