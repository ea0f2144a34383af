import type { OrderKind } from '@ninety/contract';
import { sendPurchaseMessages } from '../../lib/purchase-messages';

/** One payment window: a second click (or another buy button) reuses it instead of opening more. */
export const PAYMENT_WINDOW_NAME = 'ninety-payment';

export function newOrderPath(kind: OrderKind, itemId: string): string {
  return `/order/new?${new URLSearchParams({ kind, itemId }).toString()}`;
}

export function orderPath(orderNo: string): string {
  return `/order/${encodeURIComponent(orderNo)}`;
}

/**
 * Opens the payment window for a purchase; call it straight from a click (browsers block windows
 * opened later). The window makes the order (or finds the open one), takes the payment and, once
 * it is fulfilled, tells this window (`{ type: 'vip' }` for a membership) and closes. Where
 * windows are blocked, this tab goes to the payment page instead.
 */
export function openPaymentWindow(kind: OrderKind, itemId: string): void {
  const path = newOrderPath(kind, itemId);
  const opened = window.open(path, PAYMENT_WINDOW_NAME, 'popup,width=560,height=780');
  if (!opened) window.location.assign(path);
  else opened.focus();
}

/**
 * Tells the site's other windows what was bought: the opener (same origin only) and, should a
 * provider's page have severed the opener, every other window of this site. True when the opener
 * was reached, so this window may close.
 */
export function announcePurchase(order: {
  kind: OrderKind;
  itemId: string;
  orderNo: string;
}): boolean {
  return sendPurchaseMessages([
    // The spec's message: the opener refreshes the learner's membership.
    ...(order.kind === 'vip' ? [{ type: 'vip' }] : []),
    { type: 'order-paid', kind: order.kind, itemId: order.itemId, orderNo: order.orderNo },
  ]);
}

/** A phone browser pays by H5 / WAP; a desktop one by QR code or the PC page. */
export function payDevice(): 'desktop' | 'mobile' {
  return window.matchMedia('(max-width: 767px)').matches ? 'mobile' : 'desktop';
}
