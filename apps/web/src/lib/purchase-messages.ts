/**
 * How the payment window tells the site's other windows what was bought (spec §4: a `vip`
 * message from the purchase window refreshes the opener's user info).
 *
 * Two paths carry the same messages. `postMessage` to the opener is the spec's. A real provider's
 * page (Alipay, WeChat H5) opens in that window, and a cross-origin navigation there can sever
 * `window.opener` (our pages send `Cross-Origin-Opener-Policy: same-origin`), so the messages also
 * go over a BroadcastChannel, which reaches every window of this origin and no other.
 */
export const PURCHASE_CHANNEL = 'ninety-purchases';

/** Sends the messages to the opener (if it is still there) and to the site's other windows. */
export function sendPurchaseMessages(messages: readonly unknown[]): boolean {
  const opener = window.opener as Window | null;
  const reachedOpener = Boolean(opener && !opener.closed);
  for (const message of messages) {
    if (reachedOpener) opener!.postMessage(message, window.location.origin);
  }
  if (typeof BroadcastChannel !== 'undefined') {
    const channel = new BroadcastChannel(PURCHASE_CHANNEL);
    for (const message of messages) channel.postMessage(message);
    channel.close();
  }
  return reachedOpener;
}

/**
 * Calls `handle` with each purchase message from this site's windows: posted to this window by
 * the same origin, or over the channel. The same message may come both ways; handlers only ask
 * the server again, so twice is harmless. Returns the unsubscribe.
 */
export function onPurchaseMessage(handle: (data: unknown) => void): () => void {
  const onMessage = (event: MessageEvent) => {
    if (event.origin === window.location.origin) handle(event.data);
  };
  window.addEventListener('message', onMessage);
  const channel =
    typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel(PURCHASE_CHANNEL) : null;
  channel?.addEventListener('message', (event: MessageEvent) => handle(event.data));
  return () => {
    window.removeEventListener('message', onMessage);
    channel?.close();
  };
}
