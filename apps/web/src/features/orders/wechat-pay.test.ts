import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  bridgeResultOf,
  invokeBrandPay,
  isWechatBrowser,
  rememberOAuthState,
  takeOAuthState,
  type BrandPayParams,
} from './wechat-pay';

/** Paying inside WeChat: telling its browser apart, its bridge, and the web authorisation's state. */

const params: BrandPayParams = {
  appId: 'wx1',
  timeStamp: '1790000000',
  nonceStr: 'n',
  package: 'prepay_id=wx2',
  signType: 'RSA',
  paySign: 's',
};

afterEach(() => {
  delete window.WeixinJSBridge;
  sessionStorage.clear();
  vi.useRealTimers();
});

describe('paying inside WeChat', () => {
  it('knows WeChat’s browser by MicroMessenger in its user agent', () => {
    expect(
      isWechatBrowser(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50(0x18003237) NetType/WIFI Language/zh_CN',
      ),
    ).toBe(true);
    expect(isWechatBrowser('Mozilla/5.0 (Linux; Android 14) Chrome/131 Mobile Safari/537.36')).toBe(
      false,
    );
  });

  it('reads the bridge callback: ok, cancel, anything else a failure', () => {
    expect(bridgeResultOf('get_brand_wcpay_request:ok')).toBe('paid');
    expect(bridgeResultOf('get_brand_wcpay_request:cancel')).toBe('cancel');
    expect(bridgeResultOf('get_brand_wcpay_request:fail')).toBe('fail');
    expect(bridgeResultOf(undefined)).toBe('fail');
  });

  it('calls getBrandWCPayRequest with the signed parameters, once the bridge is ready', async () => {
    const invoke = vi.fn(
      (
        _name: string,
        _params: BrandPayParams,
        callback: (response: { err_msg?: string }) => void,
      ) => callback({ err_msg: 'get_brand_wcpay_request:ok' }),
    );
    const result = invokeBrandPay(params);
    window.WeixinJSBridge = { invoke };
    document.dispatchEvent(new Event('WeixinJSBridgeReady'));
    expect(await result).toBe('paid');
    expect(invoke).toHaveBeenCalledWith('getBrandWCPayRequest', params, expect.any(Function));
  });

  it('says the payment failed when no bridge ever comes', async () => {
    vi.useFakeTimers();
    const result = invokeBrandPay(params);
    await vi.advanceTimersByTimeAsync(5000);
    expect(await result).toBe('fail');
  });

  it('takes back the provider only for the state this tab asked for, and only once', () => {
    const state = rememberOAuthState('wechat');
    expect(state).toMatch(/^[0-9a-f]{32}$/);
    expect(takeOAuthState('someoneelse0')).toBeNull();
    const again = rememberOAuthState('sandbox');
    expect(takeOAuthState(again)).toBe('sandbox');
    expect(takeOAuthState(again)).toBeNull();
  });
});
