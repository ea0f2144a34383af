import { bigserial, boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Objects of a deleted account still to be removed from the object store. Written in the same
 * transaction that deletes the account's rows, so a crash between that commit and the removal
 * leaves a to-do here instead of an orphan recording; the account module's
 * purgePendingObjectDeletions works through it (right after a deletion, and periodically). No
 * user id: the account is gone, the keys carry it.
 */
export const pendingObjectDeletions = pgTable(
  'pending_object_deletions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** An object key, or with `isPrefix` a prefix ending in `/` (everything under it). */
    objectKey: text('object_key').notNull(),
    isPrefix: boolean('is_prefix').notNull().default(false),
    /** Not before this time: a second pass over a prefix catches what a running job wrote late. */
    notBefore: timestamp('not_before', { withTimezone: true }).notNull(),
    tries: integer('tries').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('pending_object_deletions_not_before_idx').on(table.notBefore)],
);
