import {
  bigint,
  bigserial,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { attempts } from './attempts';
import { items } from './items';
import { users } from './users';

/**
 * A learner's attempt shared on its item, with an optional comment (spec §7 questionsComment).
 * The answer stays in `attempts` (read through the join); score and max are copied because
 * attempts never change and the "best first" order sorts on them.
 */
export const itemComments = pgTable(
  'item_comments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: text('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    attemptId: bigint('attempt_id', { mode: 'number' })
      .notNull()
      .references(() => attempts.id, { onDelete: 'cascade' }),
    /** Spec §3: 2, the machine score. */
    scoreType: smallint('score_type').notNull(),
    source: text('source').notNull(),
    /** Plain text as the learner typed it (trimmed); never interpreted as markup. */
    content: text('content').notNull().default(''),
    score: integer('score').notNull(),
    max: integer('max').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One share per attempt: sharing it again edits the comment.
    uniqueIndex('item_comments_attempt_key').on(table.attemptId),
    index('item_comments_item_created_idx').on(table.itemId, table.createdAt),
    index('item_comments_item_score_idx').on(table.itemId, table.score),
    index('item_comments_user_idx').on(table.userId),
  ],
);
