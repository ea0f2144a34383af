import {
  bigint,
  boolean,
  doublePrecision,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * 微课 (issue 21). Courses and lessons are content (content/courses, read into memory), so this
 * table holds only the learner's side: where they are in each lesson and whether it is learnt.
 * `lesson_id` is the content id, not a foreign key: a lesson removed from the content leaves the
 * learner's history readable.
 */
export const courseProgress = pgTable(
  'course_progress',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lessonId: text('lesson_id').notNull(),
    /** Seconds from the start: where another device continues. */
    positionSeconds: doublePrecision('position_seconds').notNull().default(0),
    done: boolean('done').notNull().default(false),
    doneAt: timestamp('done_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.lessonId] }),
    index('course_progress_user_updated_idx').on(table.userId, table.updatedAt),
  ],
);
