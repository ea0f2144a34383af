import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A learner's mock exam (issue 13): the paper as it was assembled (never re-assembled), its
 * status and the clock the server holds. `public_id` is the unguessable id in every URL, the
 * public report's included. The clock: the current item, when it was first shown (null until it
 * is), and the section deadlines per part once a section timer has started.
 */
export const mockPapers = pgTable(
  'mock_papers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    publicId: text('public_id').notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blueprintId: text('blueprint_id').notNull(),
    blueprintVersion: integer('blueprint_version').notNull(),
    seed: text('seed').notNull(),
    /** The assembled MockPaper. */
    paper: jsonb('paper').notNull(),
    /** `in_progress`, `scoring`, `ready` or `discarded`. */
    status: text('status').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** `learner` or `clock`. */
    finishedBy: text('finished_by'),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    discardedAt: timestamp('discarded_at', { withTimezone: true }),
    /** The item being sat; the item count once every item is submitted. */
    currentIndex: integer('current_index').notNull().default(0),
    /** When the current item was first shown; null until it is. */
    currentShownAt: timestamp('current_shown_at', { withTimezone: true }),
    /** Part id → ISO deadline of its section timer, once started. */
    sectionDeadlines: jsonb('section_deadlines').notNull().default({}),
    /** The stored report (MockScoreReport and time per part) once ready. */
    report: jsonb('report'),
  },
  (table) => [
    uniqueIndex('mock_papers_public_id_idx').on(table.publicId),
    index('mock_papers_user_created_idx').on(table.userId, table.createdAt),
    index('mock_papers_status_created_idx').on(table.status, table.createdAt),
  ],
);

/**
 * One item of a paper: the autosaved draft, when it was shown and submitted (and by whom), the
 * answer as submitted (a recording's hash instead of its bytes), and how it is scored: the
 * attempt's idempotency key and, once known, its outcome.
 */
export const mockPaperItems = pgTable(
  'mock_paper_items',
  {
    paperId: bigint('paper_id', { mode: 'number' })
      .notNull()
      .references(() => mockPapers.id, { onDelete: 'cascade' }),
    itemIndex: integer('item_index').notNull(),
    itemId: text('item_id').notNull(),
    type: text('type').notNull(),
    draft: jsonb('draft'),
    draftSavedAt: timestamp('draft_saved_at', { withTimezone: true }),
    shownAt: timestamp('shown_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /** `learner`, `clock` or `finish`. */
    submittedBy: text('submitted_by'),
    /** The typed answer as submitted; null for a recording or no answer. */
    answer: jsonb('answer'),
    /** sha256 of the submitted recording: a retried upload is recognised, another refused. */
    recordingSha256: text('recording_sha256'),
    /** The attempt's idempotency key, derived from the paper and the index. */
    idempotencyKey: uuid('idempotency_key'),
    /** `none` (not submitted), `scoring`, `scored`, `unscored` or `unanswered`. */
    scoring: text('scoring').notNull().default('none'),
    attemptId: bigint('attempt_id', { mode: 'number' }),
    score: integer('score'),
    max: integer('max'),
    reasonZh: text('reason_zh'),
    timeSpentSeconds: integer('time_spent_seconds').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.paperId, table.itemIndex] })],
);
