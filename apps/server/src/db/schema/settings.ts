import { bigint, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A learner's practice settings, one row per learner. Only the fields the learner saved are
 * stored (jsonb), so a field never saved follows the product's default even if that default
 * changes, and a partial update merges in one statement (`settings || new`), safe under
 * concurrent saves.
 */
export const userSettings = pgTable('user_settings', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
