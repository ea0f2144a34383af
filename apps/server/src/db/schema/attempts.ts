import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { items } from './items';
import { users } from './users';

/**
 * One scored practice: the answer as sent, the server's score and its evidence, and the scoring
 * profile it was scored with, so an old attempt reads the same after the rules change.
 */
export const attempts = pgTable(
  'attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: text('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    answer: jsonb('answer').notNull(),
    score: integer('score').notNull(),
    max: integer('max').notNull(),
    result: jsonb('result').notNull(),
    scoringProfile: text('scoring_profile').notNull(),
    timeSpentSeconds: integer('time_spent_seconds').notNull(),
    /** The client's key for one submission: a repeated submit finds the first attempt. */
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('attempts_user_key_idx').on(table.userId, table.idempotencyKey),
    index('attempts_user_item_idx').on(table.userId, table.itemId, table.createdAt),
  ],
);
