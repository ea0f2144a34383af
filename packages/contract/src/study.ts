import { z } from 'zod';
import { STUDY_MAX_SECONDS_PER_CALL, STUDY_TYPE_PRACTICE, STUDY_TYPE_TIME } from './study-data';

/**
 * Study time and practice counts (spec §7 `saveTimedOrCount`, §9 learning-time tick) and the
 * learner's figures read back (学习中心). Days are counted in the server's `TIME_ZONE`
 * (Asia/Shanghai by default): the learner's "today" is a Beijing day. The constants are in
 * `study-data.ts` (no zod), re-exported here.
 */
export * from './study-data';

/** A whole number sent as query text; a missing or non-numeric value reads as NaN and fails. */
const queryInt = () =>
  z.coerce
    .number({ error: '应为整数' })
    .int({ error: '应为整数' })
    .refine((value) => Number.isSafeInteger(value), '应为整数');

export const SaveTimedOrCountQuerySchema = z
  .object({
    type: queryInt()
      .refine(
        (value) => value === STUDY_TYPE_TIME || value === STUDY_TYPE_PRACTICE,
        '只能是 1（学习时长）或 2（练习次数）',
      )
      .describe('1 学习时长，2 练习次数'),
    business: queryInt().describe('type 1 为秒数（1–3600，每分钟 60）；type 2 固定为 1'),
  })
  .superRefine((query, context) => {
    if (query.type === STUDY_TYPE_PRACTICE && query.business !== 1) {
      context.addIssue({ code: 'custom', path: ['business'], message: '计练习次数时只能是 1' });
    }
    if (
      query.type === STUDY_TYPE_TIME &&
      (query.business < 1 || query.business > STUDY_MAX_SECONDS_PER_CALL)
    ) {
      context.addIssue({
        code: 'custom',
        path: ['business'],
        message: `学习时长应为 1–${STUDY_MAX_SECONDS_PER_CALL} 秒`,
      });
    }
  });
export type SaveTimedOrCountQuery = z.infer<typeof SaveTimedOrCountQuerySchema>;

export const StudyDaySchema = z
  .object({
    date: z.iso.date().describe('日期（北京时间）'),
    minutes: z.int().min(0).describe('当天学习时长（分钟）'),
    practices: z.int().min(0).describe('当天练习次数'),
  })
  .meta({ id: 'StudyDay', description: '一天的学习数据' });
export type StudyDay = z.infer<typeof StudyDaySchema>;

export const StudyStatsSchema = z
  .object({
    date: z.iso.date().describe('今天的日期（北京时间）'),
    todayMinutes: z.int().min(0),
    totalMinutes: z.int().min(0),
    todayPractices: z.int().min(0),
    totalPractices: z.int().min(0),
    /** Days with any study time or practice. */
    studyDays: z.int().min(0).describe('有学习记录的天数'),
    recent: z.array(StudyDaySchema).describe('最近 7 天（含今天），从早到晚'),
  })
  .meta({ id: 'StudyStats', description: '学习中心：学习时长与练习次数' });
export type StudyStats = z.infer<typeof StudyStatsSchema>;
