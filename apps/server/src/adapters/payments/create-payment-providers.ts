import type { Config } from '../../config';
import type { Clock } from '../../lib/clock';
import { AlipayProvider } from './alipay-provider';
import type { PaymentProvider, PaymentProviderName } from './payment-provider';
import { SandboxPaymentProvider, type SandboxLedger } from './sandbox-payment-provider';
import { WechatPayProvider } from './wechat-pay-provider';

function required(value: string | undefined): string {
  // config.ts has already refused a provider without its keys.
  if (!value) throw new Error('missing required payment configuration');
  return value;
}

/** The providers of PAYMENT_PROVIDERS, in its order (the first is the payment window's default). */
export function createPaymentProviders(
  config: Config,
  clock: Clock,
  sandboxLedger: SandboxLedger,
): Map<PaymentProviderName, PaymentProvider> {
  const providers = new Map<PaymentProviderName, PaymentProvider>();
  for (const name of config.PAYMENT_PROVIDERS) {
    if (name === 'sandbox') {
      providers.set(
        name,
        new SandboxPaymentProvider({
          baseUrl: config.PUBLIC_BASE_URL,
          secret: config.AUTH_SECRET,
          ledger: sandboxLedger,
          lateNotifySeconds: config.SANDBOX_LATE_NOTIFY_SECONDS,
          now: () => clock.now(),
        }),
      );
    } else if (name === 'wechat') {
      providers.set(
        name,
        new WechatPayProvider({
          mchId: required(config.WECHAT_PAY_MCH_ID),
          appId: required(config.WECHAT_PAY_APP_ID),
          apiV3Key: required(config.WECHAT_PAY_API_V3_KEY),
          merchantSerial: required(config.WECHAT_PAY_MERCHANT_SERIAL),
          merchantPrivateKeyPem: required(config.WECHAT_PAY_PRIVATE_KEY),
          platformPublicKeyId: required(config.WECHAT_PAY_PUBLIC_KEY_ID),
          platformPublicKeyPem: required(config.WECHAT_PAY_PUBLIC_KEY),
          baseUrl: config.WECHAT_PAY_BASE_URL.replace(/\/$/, ''),
          now: () => clock.now(),
        }),
      );
    } else {
      providers.set(
        name,
        new AlipayProvider({
          appId: required(config.ALIPAY_APP_ID),
          privateKey: required(config.ALIPAY_PRIVATE_KEY),
          alipayPublicKey: required(config.ALIPAY_PUBLIC_KEY),
          gateway: config.ALIPAY_GATEWAY,
          sellerId: config.ALIPAY_SELLER_ID,
        }),
      );
    }
  }
  return providers;
}
