import { z } from 'zod';
import { ItemTypeCodeSchema, SkillSchema } from './item-types/catalogue';

/**
 * 学习中心 (issue 19): the learner's study time and practice counted in their own time zone,
 * per item type and skill, the mistake book (错题本), their goal and the day's study plan, and what
 * the quota dialog says at 0 uses.
 */

/** Days the calendar heatmap covers (about six months), today included. */
export const LEARNING_CENTRE_CALENDAR_DAYS = 183;
/** Weeks of per-type trend and of the skill estimate over time. */
export const LEARNING_CENTRE_TREND_WEEKS = 12;
export const LEARNING_CENTRE_SKILL_WEEKS = 26;
/** Study time needed for a day to count toward a streak without a practice. */
export const STREAK_MIN_SECONDS = 60;
/**
 * An open answer (speaking, writing) below this share of its raw maximum is a mistake (错题);
 * an objective answer is one unless it is fully right.
 */
export const MISTAKE_OPEN_SHARE = 0.6;
/** Right answers after the last wrong one that clear an entry from the mistake book. */
export const MISTAKE_CLEARED_AFTER = 2;
export const DEFAULT_LEARNER_TIME_ZONE = 'Asia/Shanghai';

const Score = z.int().min(10).max(90);
const DateSchema = z.iso.date();

/** An IANA zone the server's Intl knows, e.g. Australia/Sydney. */
export const TimeZoneSchema = z
  .string()
  .min(1)
  .max(64)
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      return /^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(zone);
    } catch {
      return false;
    }
  }, '未知的时区');

export const LearningDaySchema = z.object({
  date: DateSchema,
  minutes: z.int().min(0),
  practices: z.int().min(0),
});
export type LearningDay = z.infer<typeof LearningDaySchema>;

export const HourFiguresSchema = z.object({
  /** 0–23 in the learner's zone. */
  hour: z.int().min(0).max(23),
  minutes: z.int().min(0),
  practices: z.int().min(0),
});
export type HourFigures = z.infer<typeof HourFiguresSchema>;

export const WeekFiguresSchema = z.object({
  /** Monday of the week in the learner's zone. */
  weekStart: DateSchema,
  practices: z.int().min(0),
  averageScore: Score.nullable(),
});
export type WeekFigures = z.infer<typeof WeekFiguresSchema>;

export const TypeFiguresSchema = z.object({
  type: ItemTypeCodeSchema,
  practices: z.int().min(0),
  /** Share of answers that were not mistakes (objective: fully right; open: at or above the bar). */
  accuracy: z.number().min(0).max(1),
  /** Mean 10–90 估分 of the type's answers. */
  averageScore: Score,
  lastPractisedAt: z.iso.datetime(),
  /** The last weeks, oldest first. */
  weeks: z.array(WeekFiguresSchema),
});
export type TypeFigures = z.infer<typeof TypeFiguresSchema>;

export const WeakTypeSchema = z.object({
  type: ItemTypeCodeSchema,
  practices: z.int().min(1),
  accuracy: z.number().min(0).max(1),
  averageScore: Score,
});
export type WeakType = z.infer<typeof WeakTypeSchema>;

export const StreakSchema = z.object({
  /** Days in a row up to today (or yesterday, while today has nothing yet). */
  current: z.int().min(0),
  longest: z.int().min(0),
  activeToday: z.boolean(),
});
export type Streak = z.infer<typeof StreakSchema>;

/** The item the learner practised last (not inside a mock exam): home's 继续上次. */
export const LastPractisedItemSchema = z
  .object({
    itemId: z.string(),
    type: ItemTypeCodeSchema,
    number: z.int().min(1),
    title: z.string(),
    practisedAt: z.iso.datetime(),
  })
  .meta({ id: 'LastPractisedItem', description: '最近练过的一道题（首页“继续上次”）' });
export type LastPractisedItem = z.infer<typeof LastPractisedItemSchema>;

export const LearningOverviewSchema = z
  .object({
    timeZone: z.string(),
    today: DateSchema,
    streak: StreakSchema,
    totalMinutes: z.int().min(0),
    totalPractices: z.int().min(0),
    studyDays: z.int().min(0),
    todayMinutes: z.int().min(0),
    todayPractices: z.int().min(0),
    /** The calendar's days, oldest first, today last. */
    days: z.array(LearningDaySchema),
    /** Hours of the day over the calendar's days. */
    hours: z.array(HourFiguresSchema),
    types: z.array(TypeFiguresSchema),
    /** This week's (the last 7 days') weakest types, weakest first. */
    weakest: z.array(WeakTypeSchema),
    /** The item practised last, or null before the first practice. */
    lastItem: LastPractisedItemSchema.nullable(),
  })
  .meta({
    id: 'LearningOverview',
    description: '学习中心：学习时长、连续天数、题型统计与薄弱题型',
  });
export type LearningOverview = z.infer<typeof LearningOverviewSchema>;

export const SkillEstimatesSchema = z.object({
  speaking: Score.nullable(),
  writing: Score.nullable(),
  reading: Score.nullable(),
  listening: Score.nullable(),
});
export type SkillEstimates = z.infer<typeof SkillEstimatesSchema>;

const MockSkillSchema = z.object({
  score: Score.nullable(),
  low: Score.nullable(),
  high: Score.nullable(),
});

export const LearningSkillsSchema = z
  .object({
    timeZone: z.string(),
    /** Weekly practice estimates over the last four weeks' answers, oldest first. */
    weeks: z.array(z.object({ weekStart: DateSchema, skills: SkillEstimatesSchema })),
    /** Finished mock exams, oldest first, with the ranges their report gives. */
    mocks: z.array(
      z.object({
        id: z.string(),
        finishedAt: z.iso.datetime(),
        overall: MockSkillSchema,
        speaking: MockSkillSchema,
        writing: MockSkillSchema,
        reading: MockSkillSchema,
        listening: MockSkillSchema,
      }),
    ),
  })
  .meta({ id: 'LearningSkills', description: '四项技能估分随时间的变化（练习与模考）' });
export type LearningSkills = z.infer<typeof LearningSkillsSchema>;

export const MistakeStatusSchema = z.enum(['open', 'fixing']);
export const MistakeEntrySchema = z.object({
  itemId: z.string(),
  type: ItemTypeCodeSchema,
  number: z.int(),
  title: z.string(),
  wrongCount: z.int().min(1),
  lastWrongAt: z.iso.datetime(),
  /** Right answers since the last wrong one; MISTAKE_CLEARED_AFTER clears the entry. */
  rightSince: z.int().min(0),
  status: MistakeStatusSchema,
  lastAnswer: z.object({
    answeredAt: z.iso.datetime(),
    score: z.int().min(0),
    max: z.int().min(0),
    estimate: Score,
    /** A short reading of the answer (typed text, chosen options, filled blanks); '' for a recording. */
    summary: z.string(),
  }),
});
export type MistakeEntry = z.infer<typeof MistakeEntrySchema>;

export const MistakeBookQuerySchema = z.object({
  type: ItemTypeCodeSchema.optional(),
  page: z.coerce.number().int().min(1).max(1000).default(1),
  perPage: z.coerce.number().int().min(1).max(50).default(20),
});
export type MistakeBookQuery = z.infer<typeof MistakeBookQuerySchema>;

export const MistakeBookSchema = z
  .object({
    list: z.array(MistakeEntrySchema),
    total: z.int().min(0),
    page: z.int().min(1),
    perPage: z.int().min(1),
    byType: z.array(z.object({ type: ItemTypeCodeSchema, count: z.int().min(1) })),
    /** Entries cleared by answering right twice. */
    cleared: z.int().min(0),
  })
  .meta({ id: 'MistakeBook', description: '错题本：答错的客观题与低于及格线的主观题' });
export type MistakeBook = z.infer<typeof MistakeBookSchema>;

const Target = z.int().min(10).max(90).nullable();

export const LearningProfileSchema = z
  .object({
    timeZone: z.string(),
    /** True while the learner has not chosen a zone (the product's default applies). */
    isDefaultTimeZone: z.boolean(),
    targetOverall: Target,
    targets: z.object({
      speaking: Target,
      writing: Target,
      reading: Target,
      listening: Target,
    }),
    examDate: DateSchema.nullable(),
    dailyMinutes: z.int().min(10).max(480),
  })
  .meta({
    id: 'LearningProfile',
    description: '我的目标与学习设置（时区、目标分、考试日期、每日时长）',
  });
export type LearningProfile = z.infer<typeof LearningProfileSchema>;

export const LearningProfileUpdateSchema = z
  .object({
    timeZone: TimeZoneSchema.optional(),
    targetOverall: Target.optional(),
    targets: z
      .object({
        speaking: Target.optional(),
        writing: Target.optional(),
        reading: Target.optional(),
        listening: Target.optional(),
      })
      .strict()
      .optional(),
    examDate: DateSchema.nullable().optional(),
    dailyMinutes: z.int().min(10).max(480).optional(),
  })
  .strict()
  .meta({ id: 'LearningProfileUpdate', description: '修改目标与学习设置（只改传入的字段）' });
export type LearningProfileUpdate = z.infer<typeof LearningProfileUpdateSchema>;

export const PlanTaskSchema = z.object({
  type: ItemTypeCodeSchema,
  count: z.int().min(1),
  minutes: z.int().min(1),
  /** Scored answers of this type today. */
  done: z.int().min(0),
  reasonZh: z.string(),
});
export type PlanTask = z.infer<typeof PlanTaskSchema>;

export const SkillGapSchema = z.object({
  skill: SkillSchema,
  target: Target,
  estimate: Score.nullable(),
  /** target − estimate, 0 when reached; null without a target. */
  gap: z.int().min(0).nullable(),
});
export type SkillGap = z.infer<typeof SkillGapSchema>;

export const StudyPlanSchema = z
  .object({
    date: DateSchema,
    hasGoal: z.boolean(),
    examDate: DateSchema.nullable(),
    /** Days from today to the exam (0 on the day); null without a date or once it passed. */
    daysLeft: z.int().min(0).nullable(),
    dailyMinutes: z.int().min(1),
    tasks: z.array(PlanTaskSchema),
    skills: z.array(SkillGapSchema),
    summaryZh: z.string(),
  })
  .meta({ id: 'StudyPlan', description: '今日学习计划：按目标差距与题型权重安排题型、题数与时长' });
export type StudyPlan = z.infer<typeof StudyPlanSchema>;

export const QuotaInfoSchema = z
  .object({
    isMember: z.boolean(),
    /** Uses a non-member gets each period. */
    allowance: z.int().min(0),
    remaining: z.int().min(0).nullable(),
    resetRule: z.enum(['daily', 'weekly', 'monthly', 'never']),
    /** When the next period starts; null when uses never come back. */
    nextResetAt: z.iso.datetime().nullable(),
    timeZone: z.string(),
  })
  .meta({ id: 'QuotaInfo', description: '评分次数：每期次数、剩余与下次恢复时间' });
export type QuotaInfo = z.infer<typeof QuotaInfoSchema>;
