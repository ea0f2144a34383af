import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * One order model for everything sold (VIP plans, materials). The price and title are copied
 * from the server's own list when the order is made, so a later price change never alters it.
 * Status: created → paying → paid → fulfilled | closed | refunded (modules/orders/order-state.ts).
 */
export const orders = pgTable(
  'orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Our number, sent to the provider as out_trade_no (6–32 letters and digits). */
    orderNo: text('order_no').notNull(),
    /** Null once the account is deleted: a payment record is kept for the accounts. */
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    kind: text('kind').notNull(),
    itemId: text('item_id').notNull(),
    titleZh: text('title_zh').notNull(),
    amountFen: integer('amount_fen').notNull(),
    currency: text('currency').notNull().default('CNY'),
    status: text('status').notNull().default('created'),
    /** The provider the learner last chose to pay with (sandbox, wechat, alipay). */
    provider: text('provider'),
    providerTransactionId: text('provider_transaction_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    fulfilledAt: timestamp('fulfilled_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    refundNo: text('refund_no'),
    /** The operator's reason (`orders -- refund --reason`), kept for the learner's 我的订单 and audits. */
    refundReason: text('refund_reason'),
    /** When the provider was last asked about this order (active query, throttled). */
    queriedAt: timestamp('queried_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('orders_order_no_key').on(table.orderNo),
    // A double click (or a second window) finds the learner's open order for the same thing
    // instead of making a second one.
    uniqueIndex('orders_open_item_key')
      .on(table.userId, table.kind, table.itemId)
      .where(sql`status in ('created', 'paying')`),
    index('orders_user_created_idx').on(table.userId, table.createdAt),
    index('orders_status_expires_idx').on(table.status, table.expiresAt),
    check(
      'orders_status_check',
      sql`${table.status} in ('created', 'paying', 'paid', 'fulfilled', 'closed', 'refunded')`,
    ),
    check('orders_amount_check', sql`${table.amountFen} > 0`),
  ],
);

/**
 * VIP granted per order: the row and the membership extension are written in one transaction,
 * so a notification delivered twice (or racing an active query) extends the membership once.
 */
export const vipGrants = pgTable('vip_grants', {
  orderNo: text('order_no').primaryKey(),
  userId: bigint('user_id', { mode: 'number' })
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  planId: text('plan_id').notNull(),
  days: integer('days').notNull(),
  memberUntil: timestamp('member_until', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The sandbox provider's own ledger: what the simulated gateway knows about a payment, so an
 * active query can find a payment whose notification was "late" (any process of a fleet).
 */
export const sandboxPayments = pgTable('sandbox_payments', {
  orderNo: text('order_no').primaryKey(),
  /** paid | failed */
  state: text('state').notNull(),
  transactionId: text('transaction_id').notNull(),
  amountFen: integer('amount_fen').notNull(),
  refundedFen: integer('refunded_fen').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
