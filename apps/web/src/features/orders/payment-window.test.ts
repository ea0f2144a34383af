import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  announcePurchase,
  newOrderPath,
  openPaymentWindow,
  PAYMENT_WINDOW_NAME,
} from './payment-window';

/** The payment window's two ends: opening it from a click, and telling its opener what was bought. */

afterEach(() => {
  vi.restoreAllMocks();
  Object.defineProperty(window, 'opener', { value: null, configurable: true, writable: true });
});

describe('the payment window', () => {
  it('opens one named window per purchase (a second click reuses it)', () => {
    const focus = vi.fn();
    const open = vi.spyOn(window, 'open').mockReturnValue({ focus } as unknown as Window);
    openPaymentWindow('vip', 'month');
    openPaymentWindow('vip', 'month');
    expect(open).toHaveBeenCalledTimes(2);
    for (const call of open.mock.calls) {
      expect(call[0]).toBe('/order/new?kind=vip&itemId=month');
      expect(call[1]).toBe(PAYMENT_WINDOW_NAME);
    }
    expect(focus).toHaveBeenCalled();
    expect(newOrderPath('material', 'm 1')).toBe('/order/new?kind=material&itemId=m+1');
  });

  it("posts the spec's vip message to its opener, for this site's origin only", () => {
    const postMessage = vi.fn();
    Object.defineProperty(window, 'opener', {
      value: { closed: false, postMessage },
      configurable: true,
      writable: true,
    });
    expect(announcePurchase({ kind: 'vip', itemId: 'month', orderNo: 'NT1' })).toBe(true);
    expect(postMessage).toHaveBeenCalledWith({ type: 'vip' }, window.location.origin);
    expect(postMessage).toHaveBeenCalledWith(
      { type: 'order-paid', kind: 'vip', itemId: 'month', orderNo: 'NT1' },
      window.location.origin,
    );
  });

  it('sends no vip message for a material, and says when there is no opener to tell', () => {
    const postMessage = vi.fn();
    Object.defineProperty(window, 'opener', {
      value: { closed: false, postMessage },
      configurable: true,
      writable: true,
    });
    announcePurchase({ kind: 'material', itemId: 'di-20', orderNo: 'NT2' });
    expect(postMessage).toHaveBeenCalledTimes(1);
    expect(postMessage.mock.calls[0]![0]).toMatchObject({ type: 'order-paid', kind: 'material' });
    Object.defineProperty(window, 'opener', { value: null, configurable: true, writable: true });
    expect(announcePurchase({ kind: 'vip', itemId: 'month', orderNo: 'NT3' })).toBe(false);
  });
});
