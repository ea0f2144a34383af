import {
  bigint,
  bigserial,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * 精听 (issue 20). Materials are content (content/listening, read into memory), so these tables
 * hold only the learner's side: where they are in a material, each sentence's last score per
 * mode, and their review deck. `material_id` is the material's content id, not a foreign key:
 * a material removed from the content leaves the learner's history readable.
 */
export const listeningProgress = pgTable(
  'listening_progress',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    materialId: text('material_id').notNull(),
    /** The sentence to continue from. */
    position: integer('position').notNull().default(0),
    /** dictation | shadowing */
    mode: text('mode').notNull().default('dictation'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.materialId] }),
    index('listening_progress_user_updated_idx').on(table.userId, table.updatedAt),
  ],
);

/** The last score of each sentence in each mode: one row per (learner, material, sentence, mode). */
export const listeningSentenceScores = pgTable(
  'listening_sentence_scores',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    materialId: text('material_id').notNull(),
    sentenceIndex: integer('sentence_index').notNull(),
    mode: text('mode').notNull(),
    score: integer('score').notNull(),
    max: integer('max').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.materialId, table.sentenceIndex, table.mode] }),
  ],
);

/**
 * The review deck: one FSRS card (ts-fsrs fields) per failed sentence and mode, and per missed
 * word and its sentence. `word` is '' for a sentence card, so the unique index covers both.
 */
export const listeningCards = pgTable(
  'listening_cards',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** sentence | word */
    kind: text('kind').notNull(),
    /** dictation | shadowing: how the card comes back. */
    mode: text('mode').notNull(),
    materialId: text('material_id').notNull(),
    sentenceIndex: integer('sentence_index').notNull(),
    word: text('word').notNull().default(''),
    due: timestamp('due', { withTimezone: true }).notNull(),
    stability: doublePrecision('stability').notNull(),
    difficulty: doublePrecision('difficulty').notNull(),
    elapsedDays: integer('elapsed_days').notNull(),
    scheduledDays: integer('scheduled_days').notNull(),
    learningSteps: integer('learning_steps').notNull(),
    reps: integer('reps').notNull(),
    lapses: integer('lapses').notNull(),
    /** ts-fsrs State: 0 new, 1 learning, 2 review, 3 relearning. */
    state: integer('state').notNull(),
    lastReview: timestamp('last_review', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('listening_cards_identity_idx').on(
      table.userId,
      table.materialId,
      table.sentenceIndex,
      table.kind,
      table.mode,
      table.word,
    ),
    index('listening_cards_user_due_idx').on(table.userId, table.due),
  ],
);
