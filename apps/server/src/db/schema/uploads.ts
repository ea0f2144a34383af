import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A learner's multipart upload (modules/uploads): the store's own upload id and what was
 * declared, so any server process can hand out part URLs, resume and complete it. `fingerprint`
 * (purpose, key, size, type, last-modified) finds the unfinished session of the same file after a
 * reload; at most one per learner and fingerprint is unfinished.
 */
export const uploadSessions = pgTable(
  'upload_sessions',
  {
    id: uuid('id').primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    objectKey: text('object_key').notNull(),
    storeUploadId: text('store_upload_id').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    partSize: integer('part_size').notNull(),
    partCount: integer('part_count').notNull(),
    lastModified: bigint('last_modified', { mode: 'number' }).notNull(),
    fingerprint: text('fingerprint').notNull(),
    /** `uploading`, `completed` or `aborted`. */
    status: text('status').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Last time the learner did something with it: the cleanup aborts long-idle ones. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('upload_sessions_open_fingerprint_idx')
      .on(table.userId, table.fingerprint)
      .where(sql`${table.status} = 'uploading'`),
    index('upload_sessions_status_updated_idx').on(table.status, table.updatedAt),
  ],
);
