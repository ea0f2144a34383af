import type { Order, PaymentProviderName } from '@ninety/contract';
import { Alert, Button, Radio, Space } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useRef, useState } from 'react';
import { useCancelOrder } from '../api/cancel-order';
import { useOrder } from '../api/get-order';
import { useVipPlans } from '../api/get-vip-plans';
import { useWechatAuthorize } from '../api/get-wechat-authorize';
import { usePayOrder } from '../api/pay-order';
import { useQueryOrder } from '../api/query-order';
import { ORDER_STATUS_TEXT, PROVIDER_TEXT, RESULT_TEXT } from '../labels';
import { yuanText } from '../money';
import { announcePurchase, payDevice } from '../payment-window';
import {
  invokeBrandPay,
  isWechatBrowser,
  rememberOAuthState,
  takeOAuthState,
  type BrandPayParams,
  type BridgeResult,
} from '../wechat-pay';
import styles from './orders.module.css';
import { SandboxWechatCashier } from './sandbox-wechat-cashier';

/** While a payment may be under way, the window asks the provider itself this often. */
const ACTIVE_QUERY_MS = 5000;

export interface OrderPaymentProps {
  orderNo: string;
  /** `?result=` from the provider's page: paid, fail, cancel, closed. */
  result: string | null;
  /** `?code=&state=` from WeChat's web authorisation (paying inside WeChat). */
  oauth?: { code: string; state: string } | null;
}

/** Takes WeChat's `code` and `state` out of the address: a code is good once. */
function forgetOAuthParams() {
  const url = new URL(window.location.href);
  url.searchParams.delete('code');
  url.searchParams.delete('state');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}`);
}

function OrderFacts({ order }: { order: Order }) {
  return (
    <dl className={styles.facts}>
      <dt>商品</dt>
      <dd>{order.titleZh}</dd>
      <dt>金额</dt>
      <dd className={styles.amount}>{yuanText(order.amountFen)}</dd>
      <dt>订单号</dt>
      <dd>{order.orderNo}</dd>
      <dt>状态</dt>
      <dd data-testid="order-status">{ORDER_STATUS_TEXT[order.status]}</dd>
      {order.payable && (
        <>
          <dt>支付截止</dt>
          <dd>{new Date(order.expiresAt).toLocaleString('zh-CN')}</dd>
        </>
      )}
    </dl>
  );
}

/**
 * The payment window: the order, the payment methods, the QR code or the way to the provider's
 * page, and the order's state as it changes. Once fulfilled it tells the window that opened it
 * and closes; "我已完成支付" asks the provider when a notification is late.
 */
export function OrderPayment({ orderNo, result, oauth = null }: OrderPaymentProps) {
  const { data: order, isPending, isError } = useOrder(orderNo);
  const { data: offer } = useVipPlans();
  const pay = usePayOrder();
  const ask = useQueryOrder();
  const cancel = useCancelOrder();
  const authorize = useWechatAuthorize();
  const [chosen, setChosen] = useState<PaymentProviderName | null>(null);
  const [codeUrl, setCodeUrl] = useState<string | null>(null);
  const [asked, setAsked] = useState(false);
  const [sandboxCashier, setSandboxCashier] = useState<BrandPayParams | null>(null);
  const [bridgeResult, setBridgeResult] = useState<BridgeResult | null>(null);
  const announced = useRef(false);
  const oauthTaken = useRef(false);
  const inWechat = isWechatBrowser();

  // WeChat's browser opens neither Alipay nor H5 pay links: only JSAPI (and the sandbox) there.
  const providers = (offer?.providers ?? []).filter((name) => !inWechat || name !== 'alipay');
  const provider = chosen ?? order?.provider ?? providers[0] ?? null;
  const waiting =
    order?.payable === true && ((bridgeResult ?? result) === 'paid' || codeUrl !== null);

  /** Runs once per page load (WeChat's authorisation reloads it), so no earlier result to clear. */
  function startJsapi(payWith: PaymentProviderName, oauthCode: string) {
    pay.mutate(
      { orderNo, provider: payWith, device: 'wechat', oauthCode },
      {
        onSuccess: (start) => {
          setChosen(payWith);
          if (start.kind !== 'jsapi') return;
          if (payWith === 'sandbox') setSandboxCashier(start.params);
          else void invokeBrandPay(start.params).then(setBridgeResult);
        },
      },
    );
  }

  // Came back from paying, or showing a QR code: ask the provider too, not only the notification.
  useEffect(() => {
    if (!waiting) return;
    const timer = window.setInterval(() => ask.mutate(orderNo), ACTIVE_QUERY_MS);
    return () => window.clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `ask` changes every render
  }, [waiting, orderNo]);

  // The bridge said ok: ask the provider at once rather than trust the callback alone.
  useEffect(() => {
    if (bridgeResult === 'paid') ask.mutate(orderNo);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `ask` changes every render
  }, [bridgeResult, orderNo]);

  // Back from WeChat's web authorisation with a code: pay with the provider chosen before it.
  useEffect(() => {
    if (!oauth || oauthTaken.current || !order?.payable) return;
    oauthTaken.current = true;
    const remembered = takeOAuthState(oauth.state);
    forgetOAuthParams();
    if (remembered) startJsapi(remembered, oauth.code);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the order is known
  }, [oauth, order?.payable]);

  useEffect(() => {
    if (!order || order.status !== 'fulfilled' || announced.current) return;
    announced.current = true;
    if (announcePurchase(order)) window.close();
  }, [order]);

  if (isPending) return <p className={styles.note}>正在读取订单…</p>;
  if (isError || !order) {
    return <Alert type="error" showIcon title="没有找到这个订单，请从“我的订单”重新打开。" />;
  }

  const startPaying = () => {
    if (!provider) return;
    if (inWechat) {
      // JSAPI needs the payer's openid: WeChat's web authorisation comes back here with a code.
      authorize.mutate(
        { orderNo, state: rememberOAuthState(provider) },
        { onSuccess: ({ url }) => window.location.assign(url) },
      );
      return;
    }
    pay.mutate(
      { orderNo, provider, device: payDevice() },
      {
        onSuccess: (start) => {
          if (start.kind === 'redirect') window.location.assign(start.url);
          else if (start.kind === 'qr') setCodeUrl(start.codeUrl);
        },
      },
    );
  };
  const askNow = () => {
    setAsked(true);
    ask.mutate(orderNo);
  };

  const shownResult = bridgeResult ?? result;
  const notice = shownResult ? RESULT_TEXT[shownResult] : undefined;
  return (
    <div className={styles.payment}>
      <OrderFacts order={order} />
      {order.status === 'fulfilled' && (
        <Alert
          type="success"
          showIcon
          title="支付成功，已为你开通。"
          description="可以关闭这个窗口，回到原页面继续学习。"
        />
      )}
      {order.status === 'paid' && <Alert type="info" showIcon title="已收到付款，正在为你开通…" />}
      {order.status === 'refunded' && (
        <Alert
          type="info"
          showIcon
          title="该订单已退款。"
          {...(order.refundReason ? { description: `退款原因：${order.refundReason}` } : {})}
        />
      )}
      {!order.payable && order.status === 'closed' && (
        <Alert
          type="info"
          showIcon
          title="订单已关闭（超时未支付或已取消），如需购买请重新下单。"
        />
      )}
      {order.payable && notice && <Alert type={notice.type} showIcon title={notice.text} />}
      {order.payable && (
        <>
          {providers.length === 0 ? (
            <Alert type="warning" showIcon title="在线支付暂未开通，请联系老师开通会员。" />
          ) : (
            <fieldset className={styles.providers}>
              <legend>支付方式</legend>
              <Radio.Group
                value={provider}
                onChange={(event) => {
                  setChosen(event.target.value as PaymentProviderName);
                  setCodeUrl(null);
                }}
                options={providers.map((name) => ({ value: name, label: PROVIDER_TEXT[name] }))}
              />
            </fieldset>
          )}
          {sandboxCashier && (
            <SandboxWechatCashier
              params={sandboxCashier}
              amountFen={order.amountFen}
              onResult={(outcome) => {
                setSandboxCashier(null);
                setBridgeResult(outcome);
              }}
            />
          )}
          {codeUrl && (
            <figure className={styles.qr}>
              <QRCodeSVG value={codeUrl} size={180} aria-hidden />
              <figcaption>请使用微信扫一扫完成支付</figcaption>
            </figure>
          )}
          <Space wrap>
            <Button
              type="primary"
              size="large"
              onClick={startPaying}
              loading={pay.isPending || authorize.isPending}
              disabled={!provider}
            >
              {codeUrl ? '刷新二维码' : `去支付 ${yuanText(order.amountFen)}`}
            </Button>
            <Button onClick={askNow} loading={ask.isPending}>
              我已完成支付
            </Button>
            <Button type="text" onClick={() => cancel.mutate(orderNo)} loading={cancel.isPending}>
              取消订单
            </Button>
          </Space>
          {asked && !ask.isPending && order.payable && (
            <p className={styles.note} role="status">
              暂未查到付款。若已扣款，请稍候片刻，系统会自动向支付平台核实并为你开通。
            </p>
          )}
          <p className={styles.note}>
            关闭本窗口不影响订单，有效期内可在“个人中心 - 我的订单”继续支付。
          </p>
        </>
      )}
    </div>
  );
}
