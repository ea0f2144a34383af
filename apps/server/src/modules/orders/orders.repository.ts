import { and, asc, count, desc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders, sandboxPayments, vipGrants } from '../../db/schema';
import type { SandboxEntry, SandboxLedger } from '../../adapters/payments/sandbox-payment-provider';
import type { OrderStatus } from './order-state';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;

/** Inserts the order unless the learner has an open one for the same thing (then null). */
export async function insertOrder(db: Db, order: NewOrder): Promise<OrderRow | null> {
  const [row] = await db.insert(orders).values(order).onConflictDoNothing().returning();
  return row ?? null;
}

export async function findOpenOrder(
  db: Db,
  userId: number,
  kind: string,
  itemId: string,
): Promise<OrderRow | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.kind, kind),
        eq(orders.itemId, itemId),
        inArray(orders.status, ['created', 'paying']),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function findOrder(db: Db, orderNo: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.orderNo, orderNo)).limit(1);
  return row ?? null;
}

export async function listOrdersOfUser(
  db: Db,
  userId: number,
  page: { offset: number; limit: number },
): Promise<{ rows: OrderRow[]; total: number }> {
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(eq(orders.userId, userId))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .offset(page.offset)
      .limit(page.limit),
    db.select({ total: count() }).from(orders).where(eq(orders.userId, userId)),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/**
 * Moves the order to `to` only if it is still in one of `from`: one statement, so of two racing
 * callers (a notification and an active query) exactly one gets the row back.
 */
export async function moveOrder(
  db: Db,
  orderNo: string,
  from: readonly OrderStatus[],
  to: OrderStatus,
  changes: Partial<Omit<NewOrder, 'status' | 'orderNo'>>,
  now: Date,
): Promise<OrderRow | null> {
  const [row] = await db
    .update(orders)
    .set({ ...changes, status: to, updatedAt: now })
    .where(and(eq(orders.orderNo, orderNo), inArray(orders.status, [...from])))
    .returning();
  return row ?? null;
}

/** Records the provider chosen for a payment (the order stays or becomes `paying`). */
export async function setProvider(
  db: Db,
  orderNo: string,
  provider: string,
  now: Date,
): Promise<OrderRow | null> {
  const [row] = await db
    .update(orders)
    .set({ provider, status: 'paying', updatedAt: now })
    .where(
      and(
        eq(orders.orderNo, orderNo),
        inArray(orders.status, ['created', 'paying']),
        sql`${orders.expiresAt} > ${now}`,
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * Claims the right to ask the provider about the order now: at most one query per order per
 * `minSeconds`, however many windows, jobs and servers ask.
 */
export async function claimQuery(
  db: Db,
  orderNo: string,
  now: Date,
  minSeconds: number,
): Promise<boolean> {
  const before = new Date(now.getTime() - minSeconds * 1000);
  const rows = await db
    .update(orders)
    .set({ queriedAt: now })
    .where(
      and(eq(orders.orderNo, orderNo), or(isNull(orders.queriedAt), lt(orders.queriedAt, before))),
    )
    .returning({ id: orders.id });
  return rows.length > 0;
}

/**
 * The orders a job works through, oldest first:
 * - `expired`: unpaid (created or paying) past their expiry at `at` (close-expired-orders);
 * - `unsettled`: sent to a provider and neither changed nor asked about since `at` (reconcile);
 * - `unfulfilled`: paid but not fulfilled since `at` (a crash, a failing grant; reconcile).
 */
export async function ordersForJob(
  db: Db,
  which: 'expired' | 'unsettled' | 'unfulfilled',
  at: Date,
  limit: number,
): Promise<OrderRow[]> {
  const [where, oldest] =
    which === 'expired'
      ? [
          and(inArray(orders.status, ['created', 'paying']), lte(orders.expiresAt, at)),
          orders.expiresAt,
        ]
      : which === 'unsettled'
        ? [
            and(
              eq(orders.status, 'paying'),
              lt(orders.updatedAt, at),
              or(isNull(orders.queriedAt), lt(orders.queriedAt, at)),
            ),
            orders.updatedAt,
          ]
        : [and(eq(orders.status, 'paid'), lt(orders.updatedAt, at)), orders.updatedAt];
  return db.select().from(orders).where(where).orderBy(asc(oldest)).limit(limit);
}

/** Claims the VIP grant of an order: false when it was granted already. */
export async function insertVipGrant(
  tx: Db,
  grant: { orderNo: string; userId: number; planId: string; days: number; now: Date },
): Promise<boolean> {
  const rows = await tx
    .insert(vipGrants)
    .values({
      orderNo: grant.orderNo,
      userId: grant.userId,
      planId: grant.planId,
      days: grant.days,
      memberUntil: grant.now,
      createdAt: grant.now,
    })
    .onConflictDoNothing()
    .returning({ orderNo: vipGrants.orderNo });
  return rows.length > 0;
}

export async function setVipGrantEnd(tx: Db, orderNo: string, memberUntil: Date): Promise<void> {
  await tx.update(vipGrants).set({ memberUntil }).where(eq(vipGrants.orderNo, orderNo));
}

export type VipGrantRow = typeof vipGrants.$inferSelect;

/** The learner's VIP grants in the order they were granted (a handful). */
export async function listVipGrants(tx: Db, userId: number): Promise<VipGrantRow[]> {
  return tx
    .select()
    .from(vipGrants)
    .where(eq(vipGrants.userId, userId))
    .orderBy(asc(vipGrants.createdAt), asc(vipGrants.orderNo));
}

/** Removes an order's VIP grant; false when it had none (never fulfilled, or revoked already). */
export async function deleteVipGrant(tx: Db, orderNo: string): Promise<boolean> {
  const rows = await tx
    .delete(vipGrants)
    .where(eq(vipGrants.orderNo, orderNo))
    .returning({ orderNo: vipGrants.orderNo });
  return rows.length > 0;
}

export async function countVipGrants(db: Db, orderNo: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(vipGrants)
    .where(eq(vipGrants.orderNo, orderNo));
  return row?.total ?? 0;
}

/** The sandbox gateway's ledger, kept in our database so every process of a fleet sees it. */
export function sandboxLedger(db: Db): SandboxLedger {
  const toEntry = (row: typeof sandboxPayments.$inferSelect): SandboxEntry => ({
    state: row.state as SandboxEntry['state'],
    transactionId: row.transactionId,
    amountFen: row.amountFen,
    refundedFen: row.refundedFen,
  });
  return {
    async find(orderNo) {
      const [row] = await db
        .select()
        .from(sandboxPayments)
        .where(eq(sandboxPayments.orderNo, orderNo))
        .limit(1);
      return row ? toEntry(row) : null;
    },
    async record(orderNo, entry) {
      // A paid payment stays paid: a later "fail" or "close" does not undo the money.
      const [row] = await db
        .insert(sandboxPayments)
        .values({ orderNo, ...entry })
        .onConflictDoUpdate({
          target: sandboxPayments.orderNo,
          set: entry,
          setWhere: sql`${sandboxPayments.state} <> 'paid'`,
        })
        .returning();
      if (row) return toEntry(row);
      const [kept] = await db
        .select()
        .from(sandboxPayments)
        .where(eq(sandboxPayments.orderNo, orderNo))
        .limit(1);
      if (!kept) throw new Error('sandbox ledger lost an entry');
      return toEntry(kept);
    },
    async addRefund(orderNo, fen) {
      await db
        .update(sandboxPayments)
        .set({ refundedFen: sql`${sandboxPayments.refundedFen} + ${fen}` })
        .where(eq(sandboxPayments.orderNo, orderNo));
    },
  };
}
