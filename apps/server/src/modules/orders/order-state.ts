/**
 * The order state machine: created → paying → paid → fulfilled | closed | refunded.
 * Every change of an order's status goes through `canMove`; the repository's updates also
 * require the expected `from` status in their WHERE clause, so two racing callers cannot both
 * make the same move.
 */
export const ORDER_STATUSES = [
  'created',
  'paying',
  'paid',
  'fulfilled',
  'closed',
  'refunded',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Why an order moves; each event lists the statuses it may leave and where it goes. */
export type OrderEvent =
  /** The learner chose a provider and went to pay (again, possibly with another provider). */
  | 'start-payment'
  /** A verified notification or an active query says the money arrived. */
  | 'payment-confirmed'
  /** What was bought has been granted. */
  | 'fulfilled'
  /** Unpaid at its expiry, or cancelled by the learner. */
  | 'close'
  | 'refund';

const MOVES: Record<OrderEvent, { from: readonly OrderStatus[]; to: OrderStatus }> = {
  'start-payment': { from: ['created', 'paying'], to: 'paying' },
  // Money that arrives for an order we had just closed (the learner paid as it expired) is
  // still the learner's payment: it is honoured, never ignored.
  'payment-confirmed': { from: ['created', 'paying', 'closed'], to: 'paid' },
  fulfilled: { from: ['paid'], to: 'fulfilled' },
  close: { from: ['created', 'paying'], to: 'closed' },
  refund: { from: ['paid', 'fulfilled'], to: 'refunded' },
};

/** The statuses an event may leave. */
export function movableFrom(event: OrderEvent): readonly OrderStatus[] {
  return MOVES[event].from;
}

/** Where the event takes an order in `status`, or null when the move is not allowed. */
export function nextStatus(status: OrderStatus, event: OrderEvent): OrderStatus | null {
  const move = MOVES[event];
  return move.from.includes(status) ? move.to : null;
}

/** An order the learner can still pay. */
export function isPayable(status: OrderStatus, expiresAt: Date, now: Date): boolean {
  return (status === 'created' || status === 'paying') && expiresAt > now;
}
