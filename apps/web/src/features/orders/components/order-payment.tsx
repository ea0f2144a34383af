import type { Order, PaymentProviderName } from '@ninety/contract';
import { Alert, Button, Radio, Space } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useRef, useState } from 'react';
import { useCancelOrder } from '../api/cancel-order';
import { useOrder } from '../api/get-order';
import { useVipPlans } from '../api/get-vip-plans';
import { usePayOrder } from '../api/pay-order';
import { useQueryOrder } from '../api/query-order';
import { ORDER_STATUS_TEXT, PROVIDER_TEXT, RESULT_TEXT } from '../labels';
import { yuanText } from '../money';
import { announcePurchase, payDevice } from '../payment-window';
import styles from './orders.module.css';

/** While a payment may be under way, the window asks the provider itself this often. */
const ACTIVE_QUERY_MS = 5000;

export interface OrderPaymentProps {
  orderNo: string;
  /** `?result=` from the provider's page: paid, fail, cancel, closed. */
  result: string | null;
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
export function OrderPayment({ orderNo, result }: OrderPaymentProps) {
  const { data: order, isPending, isError } = useOrder(orderNo);
  const { data: offer } = useVipPlans();
  const pay = usePayOrder();
  const ask = useQueryOrder();
  const cancel = useCancelOrder();
  const [chosen, setChosen] = useState<PaymentProviderName | null>(null);
  const [codeUrl, setCodeUrl] = useState<string | null>(null);
  const [asked, setAsked] = useState(false);
  const announced = useRef(false);

  const providers = offer?.providers ?? [];
  const provider = chosen ?? order?.provider ?? providers[0] ?? null;
  const waiting = order?.payable === true && (result === 'paid' || codeUrl !== null);

  // Came back from paying, or showing a QR code: ask the provider too, not only the notification.
  useEffect(() => {
    if (!waiting) return;
    const timer = window.setInterval(() => ask.mutate(orderNo), ACTIVE_QUERY_MS);
    return () => window.clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `ask` changes every render
  }, [waiting, orderNo]);

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
    pay.mutate(
      { orderNo, provider, device: payDevice() },
      {
        onSuccess: (start) => {
          if (start.kind === 'redirect') window.location.assign(start.url);
          else setCodeUrl(start.codeUrl);
        },
      },
    );
  };
  const askNow = () => {
    setAsked(true);
    ask.mutate(orderNo);
  };

  const notice = result ? RESULT_TEXT[result] : undefined;
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
      {order.status === 'refunded' && <Alert type="info" showIcon title="该订单已退款。" />}
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
              loading={pay.isPending}
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
