import { bigint, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * My words (生词本): the headwords a learner saved from the look-up card. Only the word is kept;
 * its pronunciation and gloss come from the dictionary when the list is read, so a dictionary
 * update reaches old entries too.
 */
export const userWords = pgTable(
  'user_words',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The dictionary's headword, lower-case ("study", not "studies"). */
    word: text('word').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.word] }),
    index('user_words_user_created_idx').on(table.userId, table.createdAt),
  ],
);
