import {
  bigint,
  bigserial,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/** A signed-in device. Only the SHA-256 of the token is stored (design.md §4). */
export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientType: text('client_type').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** 'logout' | 'elsewhere' | 'signed-out' (from another device) | 'signed-out-all' */
    revokedReason: text('revoked_reason'),
  },
  (table) => [
    uniqueIndex('sessions_token_hash_key').on(table.tokenHash),
    index('sessions_user_id_idx').on(table.userId),
  ],
);

/** A sign-in code sent by SMS: stored as an HMAC, never in clear. */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    phonecode: text('phonecode').notNull(),
    phone: text('phone').notNull(),
    codeHash: text('code_hash').notNull(),
    ip: text('ip'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (table) => [
    index('sms_codes_phone_idx').on(table.phonecode, table.phone, table.createdAt),
    index('sms_codes_ip_idx').on(table.ip, table.createdAt),
  ],
);

/** App-mode QR sign-in: the page shows `logincode=<uuid>`, a signed-in phone confirms it. */
export const qrLogins = pgTable('qr_logins', {
  uuid: text('uuid').primaryKey(),
  /** 'waiting' | 'scanned' | 'confirmed' | 'consumed' | 'canceled' */
  status: text('status').notNull().default('waiting'),
  userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'cascade' }),
  requestIp: text('request_ip'),
  requestUserAgent: text('request_user_agent'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
});

/** A WeChat account that scanned our QR; bound to a user once a phone is attached. */
export const wechatIdentities = pgTable(
  'wechat_identities',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    openId: text('open_id').notNull(),
    unionId: text('union_id'),
    /** Handed to the client in the 1011 answer; binds this identity to a phone. */
    userCode: text('user_code').notNull(),
    nickname: text('nickname').notNull().default(''),
    avatar: text('avatar'),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('wechat_identities_open_id_key').on(table.openId),
    uniqueIndex('wechat_identities_user_code_key').on(table.userCode),
  ],
);

/** A WeChat QR shown by the login dialog, waiting for a scan. */
export const wechatScenes = pgTable('wechat_scenes', {
  sceneId: text('scene_id').primaryKey(),
  /** 'waiting' | 'scanned' | 'consumed' */
  status: text('status').notNull().default('waiting'),
  identityId: bigint('identity_id', { mode: 'number' }).references(() => wechatIdentities.id, {
    onDelete: 'cascade',
  }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Short-lived, single-use tokens a signed-in session hands to the app or another site. */
export const mobileTokens = pgTable(
  'mobile_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: bigint('session_id', { mode: 'number' })
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('mobile_tokens_token_hash_key').on(table.tokenHash),
    index('mobile_tokens_session_id_idx').on(table.sessionId),
  ],
);
