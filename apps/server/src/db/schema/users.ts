import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * A learner's account. The platform creates the table so every module refers to one user id;
 * sign-in (phone, WeChat identities, sessions) adds its own tables beside it.
 */
export const users = pgTable(
  'users',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Public identifier handed to clients (never the serial id). */
    userCode: text('user_code')
      .notNull()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    phonecode: text('phonecode'),
    phone: text('phone'),
    nickname: text('nickname').notNull().default(''),
    icon: text('icon'),
    memberLevel: integer('member_level').notNull().default(0),
    memberExpiresAt: timestamp('member_expires_at', { withTimezone: true }),
    isDisabled: boolean('is_disabled').notNull().default(false),
    /** One web session at a time: a new web sign-in ends the others ("signed in elsewhere"). */
    isSingleWebSession: boolean('is_single_web_session').notNull().default(true),
    /** A class account opened by a teacher: quota warnings point to the teacher. */
    isZoom: boolean('is_zoom').notNull().default(false),
    /** Non-member uses left in `energyPeriod`; a new period starts from the configured allowance. */
    energy: integer('energy').notNull().default(0),
    energyPeriod: text('energy_period'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_user_code_key').on(table.userCode),
    uniqueIndex('users_phone_key').on(table.phonecode, table.phone),
    index('users_created_at_idx').on(table.createdAt),
  ],
);
