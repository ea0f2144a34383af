import { afterEach, describe, expect, it, vi } from 'vitest';
import { onPurchaseMessage, sendPurchaseMessages } from './purchase-messages';

describe('purchase messages between the payment window and the site (spec §4)', () => {
  const stops: (() => void)[] = [];
  afterEach(() => {
    stops.splice(0).forEach((stop) => stop());
    vi.restoreAllMocks();
  });

  it('reach the site over the channel when a provider page severed the opener', async () => {
    const heard = vi.fn();
    stops.push(onPurchaseMessage(heard));
    Object.defineProperty(window, 'opener', { value: null, configurable: true, writable: true });
    expect(sendPurchaseMessages([{ type: 'vip' }])).toBe(false);
    await vi.waitFor(() => expect(heard).toHaveBeenCalledWith({ type: 'vip' }));
  });

  it('ignore window messages from another origin', () => {
    const heard = vi.fn();
    stops.push(onPurchaseMessage(heard));
    window.dispatchEvent(
      new MessageEvent('message', { data: { type: 'vip' }, origin: 'https://evil.example' }),
    );
    expect(heard).not.toHaveBeenCalled();
  });
});
