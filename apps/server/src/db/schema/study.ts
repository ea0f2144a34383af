import { sql } from 'drizzle-orm';
import { bigint, check, date, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * One learner's study on one day (the day in `TIME_ZONE`, Beijing by default): seconds of study
 * time the learning-time tick reported, and practices the client counted with `saveTimedOrCount`
 * type 2. Scored practices are counted from `attempts` as well; see study.repository for how the
 * two are combined without counting a practice twice.
 */
export const userStudyDays = pgTable(
  'user_study_days',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    studySeconds: integer('study_seconds').notNull().default(0),
    practiceCount: integer('practice_count').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.day] }),
    check('user_study_days_seconds_range', sql`${table.studySeconds} between 0 and 86400`),
    check('user_study_days_practices_nonnegative', sql`${table.practiceCount} >= 0`),
  ],
);
