import type { Order, OrderKind, OrderStatus, PaymentProviderName } from '@ninety/contract';
import { isPayable } from './order-state';
import type { OrderRow } from './orders.repository';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** What a learner sees of an order (never the provider's transaction id or the user id). */
export function toOrder(row: OrderRow, now: Date): Order {
  const status = row.status as OrderStatus;
  return {
    orderNo: row.orderNo,
    kind: row.kind as OrderKind,
    itemId: row.itemId,
    titleZh: row.titleZh,
    amountFen: row.amountFen,
    currency: 'CNY',
    status,
    payable: isPayable(status, row.expiresAt, now),
    provider: (row.provider as PaymentProviderName | null) ?? null,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    paidAt: iso(row.paidAt),
    fulfilledAt: iso(row.fulfilledAt),
    closedAt: iso(row.closedAt),
    refundedAt: iso(row.refundedAt),
    refundReason: row.status === 'refunded' ? (row.refundReason ?? null) : null,
  };
}
