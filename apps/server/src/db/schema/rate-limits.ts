import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Request counts of the API rate limits (@fastify/rate-limit) when several server processes
 * share one PostgreSQL: one row per limited key (an address, or a learner for a route) and its
 * current window. Rows of ended windows are deleted by a periodic job.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  windowEnd: timestamp('window_end', { withTimezone: true }).notNull(),
  hits: integer('hits').notNull(),
});
