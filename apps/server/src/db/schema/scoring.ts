import { bigint, index, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A learner's places in the scoring queue: a recording being scored holds one of a few slots
 * (RECORDINGS_IN_FLIGHT_PER_USER) until its job ends. Counted in the database, so the limit holds
 * across every server of the fleet; a slot whose job died with its process frees itself when it
 * expires. No foreign key to users: an account deleted while its job runs leaves a row that only
 * expires.
 */
export const scoringSlots = pgTable(
  'scoring_slots',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    slot: smallint('slot').notNull(),
    jobId: text('job_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.slot] }), index().on(table.jobId)],
);
