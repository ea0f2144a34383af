import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';

/** Payment configuration (issue 21): the sandbox only outside production, real keys when used. */

const production = {
  NODE_ENV: 'production',
  AUTH_SECRET: 'a-production-secret-of-enough-length',
  SMS_SIGN_KEY: 'a-production-sms-sign-key',
};

describe('payment configuration', () => {
  it('offers the sandbox in development and nothing in production by default', () => {
    expect(loadConfig({}).PAYMENT_PROVIDERS).toEqual(['sandbox']);
    expect(loadConfig(production).PAYMENT_PROVIDERS).toEqual([]);
  });

  it('refuses the sandbox in production: it would give membership away', () => {
    expect(() => loadConfig({ ...production, PAYMENT_PROVIDERS: 'sandbox' })).toThrow(
      /PAYMENT_PROVIDERS: the sandbox cannot be used in production/,
    );
  });

  it('names every missing key of a real provider', () => {
    let message = '';
    try {
      loadConfig({ PAYMENT_PROVIDERS: 'wechat,alipay' });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    for (const name of [
      'WECHAT_PAY_MCH_ID',
      'WECHAT_PAY_API_V3_KEY',
      'WECHAT_PAY_PUBLIC_KEY_ID',
      'ALIPAY_APP_ID',
      'ALIPAY_PUBLIC_KEY',
    ]) {
      expect(message).toContain(`${name}: required when PAYMENT_PROVIDERS includes`);
    }
  });

  it('reads VIP plans as JSON in fen and refuses a bad list', () => {
    const plans = [{ id: 'week', titleZh: '周会员', days: 7, amountFen: 1990 }];
    expect(loadConfig({ VIP_PLANS: JSON.stringify(plans) }).VIP_PLANS).toEqual(plans);
    expect(() => loadConfig({ VIP_PLANS: 'not json' })).toThrow(/VIP_PLANS/);
    expect(() =>
      loadConfig({ VIP_PLANS: JSON.stringify([{ ...plans[0], amountFen: 19.9 }]) }),
    ).toThrow(/VIP_PLANS/);
  });

  it('turns \\n in a one-line PEM into line breaks', () => {
    const config = loadConfig({
      ALIPAY_PRIVATE_KEY: '-----BEGIN KEY-----\\nabc\\n-----END KEY-----',
    });
    expect(config.ALIPAY_PRIVATE_KEY).toBe('-----BEGIN KEY-----\nabc\n-----END KEY-----');
  });
});
