import type { JsapiPayParams, PaymentProviderName } from '@ninety/contract';
import { sessionKeys } from '../../lib/storage-keys';

/** `getBrandWCPayRequest`'s parameters as the server signed them. */
export type BrandPayParams = JsapiPayParams;

/** What the bridge's callback said; only a hint; the order is confirmed by asking the server. */
export type BridgeResult = 'paid' | 'cancel' | 'fail';

interface WeixinJSBridge {
  invoke(
    name: 'getBrandWCPayRequest',
    params: BrandPayParams,
    callback: (response: { err_msg?: string }) => void,
  ): void;
}

declare global {
  interface Window {
    WeixinJSBridge?: WeixinJSBridge;
  }
}

/** WeChat's own browser (its user agent says MicroMessenger): H5 pay links do not open there. */
export function isWechatBrowser(userAgent = navigator.userAgent): boolean {
  return /MicroMessenger/i.test(userAgent);
}

/** `get_brand_wcpay_request:ok|cancel|fail` → what the page says. */
export function bridgeResultOf(errMsg: string | undefined): BridgeResult {
  if (errMsg === 'get_brand_wcpay_request:ok') return 'paid';
  if (errMsg === 'get_brand_wcpay_request:cancel') return 'cancel';
  return 'fail';
}

/** How long to wait for WeChat to inject its bridge before saying payment cannot start. */
const BRIDGE_READY_MS = 5000;

/** Calls WeChat's JSAPI cashier (waiting for `WeixinJSBridgeReady` when the page is young). */
export function invokeBrandPay(params: BrandPayParams): Promise<BridgeResult> {
  const call = (bridge: WeixinJSBridge) =>
    new Promise<BridgeResult>((resolve) =>
      bridge.invoke('getBrandWCPayRequest', params, (response) =>
        resolve(bridgeResultOf(response.err_msg)),
      ),
    );
  if (window.WeixinJSBridge) return call(window.WeixinJSBridge);
  return new Promise<BridgeResult>((resolve) => {
    const timer = window.setTimeout(() => resolve('fail'), BRIDGE_READY_MS);
    document.addEventListener(
      'WeixinJSBridgeReady',
      () => {
        window.clearTimeout(timer);
        if (window.WeixinJSBridge) void call(window.WeixinJSBridge).then(resolve);
        else resolve('fail');
      },
      { once: true },
    );
  });
}

/** A fresh OAuth state, remembered with the provider chosen, for the page WeChat sends back. */
export function rememberOAuthState(provider: PaymentProviderName): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const state = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  sessionStorage.setItem(sessionKeys.wechatPayState, `${state}:${provider}`);
  return state;
}

/**
 * The provider to pay with when `state` is the one this tab asked for (used once: a reload or a
 * copied link with the same code does not pay again), else null.
 */
export function takeOAuthState(state: string): PaymentProviderName | null {
  const saved = sessionStorage.getItem(sessionKeys.wechatPayState);
  sessionStorage.removeItem(sessionKeys.wechatPayState);
  if (!saved) return null;
  const [expected, provider] = saved.split(':');
  if (!state || expected !== state) return null;
  return provider === 'wechat' || provider === 'sandbox' ? provider : null;
}
