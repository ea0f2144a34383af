import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './users';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The question bank, imported from `content/` (the files are the source of truth; the import
 * upserts by id). `content` is what the learner may see before answering; `answer_key` stays on the
 * server until an attempt is scored or the learner asks for the answer.
 */
export const items = pgTable(
  'items',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    /** The number in the id (ra-0012 → 12): the "#12" learners quote, and the default order. */
    number: integer('number').notNull(),
    title: text('title').notNull(),
    difficulty: smallint('difficulty').notNull(),
    topics: text('topics').array().notNull(),
    content: jsonb('content').notNull(),
    answerKey: jsonb('answer_key').notNull(),
    explanationZh: text('explanation_zh').notNull(),
    updatedOn: date('updated_on', { mode: 'string' }).notNull(),
    /** Has every part: media, key, explanation and, for open types, a sample answer. */
    isFull: boolean('is_full').notNull(),
    /** Scored attempts by all learners; the practice module adds to it. */
    practiceCount: integer('practice_count').notNull().default(0),
    /** Title and texts, hidden transcripts included, for search (never sent to clients). */
    searchText: text('search_text').notNull(),
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', search_text), 'B')`,
      ),
    /** The title alone: search lists title matches first, from their own index. */
    titleVector: tsvector('title_vector')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('english', title)`),
    /** Hash of the imported file's data: an unchanged file leaves its row untouched. */
    sourceHash: text('source_hash').notNull(),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('items_type_number_idx').on(table.type, table.number),
    // Searching by an item number across all types.
    index('items_number_idx').on(table.number),
    index('items_type_practice_idx').on(table.type, table.practiceCount, table.number),
    index('items_type_updated_idx').on(table.type, table.updatedOn),
    index('items_search_idx').using('gin', table.searchVector),
    index('items_title_search_idx').using('gin', table.titleVector),
  ],
);

/**
 * One row: the bank's version, raised by triggers (migration 0011) whenever items or weekly lists
 * change, but not when a learner's attempt adds to an item's practice count. Servers cache what is
 * the same for every learner per version and compare it on each request.
 */
export const bankState = pgTable(
  'bank_state',
  {
    id: smallint('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(1),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('bank_state_one_row', sql`${table.id} = 1`)],
);

/** The weekly high-frequency lists: which items were listed in which ISO week. */
export const itemHighFrequencyWeeks = pgTable(
  'item_high_frequency_weeks',
  {
    week: text('week').notNull(),
    itemId: text('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.week, table.itemId] }),
    index('item_high_frequency_weeks_item_idx').on(table.itemId),
  ],
);

/** A learner's practice of one item: written when an attempt is scored. */
export const userItemProgress = pgTable(
  'user_item_progress',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: text('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    practiceCount: integer('practice_count').notNull().default(0),
    lastPractisedAt: timestamp('last_practised_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.itemId] })],
);

/** A learner's favourite, with one of the four colour labels (1 red, 2 yellow, 3 green, 4 blue). */
export const userFavorites = pgTable(
  'user_favorites',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: text('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    label: smallint('label').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.itemId] }),
    index('user_favorites_user_label_idx').on(table.userId, table.label),
  ],
);
