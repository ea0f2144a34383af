import { describe, expect, it } from 'vitest';
import {
  isPayable,
  nextStatus,
  ORDER_STATUSES,
  type OrderEvent,
  type OrderStatus,
} from './order-state';

/** Every status × every event: where it goes, or null for a move that is refused. */
const TABLE: Record<OrderStatus, Record<OrderEvent, OrderStatus | null>> = {
  created: {
    'start-payment': 'paying',
    'payment-confirmed': 'paid',
    fulfilled: null,
    close: 'closed',
    refund: null,
  },
  paying: {
    'start-payment': 'paying',
    'payment-confirmed': 'paid',
    fulfilled: null,
    close: 'closed',
    refund: null,
  },
  paid: {
    'start-payment': null,
    'payment-confirmed': null,
    fulfilled: 'fulfilled',
    close: null,
    refund: 'refunded',
  },
  fulfilled: {
    'start-payment': null,
    'payment-confirmed': null,
    fulfilled: null,
    close: null,
    refund: 'refunded',
  },
  // Money that arrives just after the order closed is honoured.
  closed: {
    'start-payment': null,
    'payment-confirmed': 'paid',
    fulfilled: null,
    close: null,
    refund: null,
  },
  refunded: {
    'start-payment': null,
    'payment-confirmed': null,
    fulfilled: null,
    close: null,
    refund: null,
  },
};

describe('order state machine', () => {
  const rows = ORDER_STATUSES.flatMap((status) =>
    (Object.keys(TABLE[status]) as OrderEvent[]).map(
      (event) => [status, event, TABLE[status][event]] as const,
    ),
  );

  it.each(rows)('%s + %s → %s', (status, event, expected) => {
    expect(nextStatus(status, event)).toBe(expected);
  });

  it('a confirmed payment is never confirmed twice (the once-only fulfilment rests on it)', () => {
    for (const status of ['paid', 'fulfilled', 'refunded'] as const) {
      expect(nextStatus(status, 'payment-confirmed')).toBeNull();
    }
  });

  it.each([
    ['created', 1, true],
    ['paying', 1, true],
    ['paying', -1, false],
    ['paid', 1, false],
    ['fulfilled', 1, false],
    ['closed', 1, false],
    ['refunded', 1, false],
  ] as const)('%s with expiry in %i s is payable: %s', (status, seconds, payable) => {
    const now = new Date('2026-11-22T02:00:00Z');
    expect(isPayable(status, new Date(now.getTime() + seconds * 1000), now)).toBe(payable);
  });
});
