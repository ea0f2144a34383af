import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Study time by quarter hour (UTC instants on :00, :15, :30, :45). Days are counted in the
 * learner's own time zone, which they may change later, so the time is kept as instants rather
 * than as days of one zone; every zone in use today is offset by a whole number of quarter hours,
 * so a quarter never straddles a learner's midnight.
 */
export const userStudyQuarters = pgTable(
  'user_study_quarters',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    quarterStart: timestamp('quarter_start', { withTimezone: true }).notNull(),
    studySeconds: integer('study_seconds').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.quarterStart] }),
    check('user_study_quarters_seconds_range', sql`${table.studySeconds} between 0 and 900`),
  ],
);

/**
 * The learner's 学习中心 settings and goal, one row per learner: the time zone their days are
 * counted in (null: the product's TIME_ZONE), target scores (10–90, null when not set), the exam
 * date and the minutes a day they mean to study.
 */
export const learningProfiles = pgTable(
  'learning_profiles',
  {
    userId: bigint('user_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    timeZone: text('time_zone'),
    targetOverall: integer('target_overall'),
    targetSpeaking: integer('target_speaking'),
    targetWriting: integer('target_writing'),
    targetReading: integer('target_reading'),
    targetListening: integer('target_listening'),
    examDate: date('exam_date', { mode: 'string' }),
    dailyMinutes: integer('daily_minutes').notNull().default(60),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    check(
      'learning_profiles_targets_range',
      sql`coalesce(${table.targetOverall}, 10) between 10 and 90 and coalesce(${table.targetSpeaking}, 10) between 10 and 90 and coalesce(${table.targetWriting}, 10) between 10 and 90 and coalesce(${table.targetReading}, 10) between 10 and 90 and coalesce(${table.targetListening}, 10) between 10 and 90`,
    ),
    check('learning_profiles_daily_minutes_range', sql`${table.dailyMinutes} between 10 and 480`),
  ],
);
