import { ORDER_KINDS, type OrderKind } from '@ninety/contract';
import { Alert } from 'antd';
import { useCallback } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { PageHeading } from '../../components/page-heading';
import { NewOrder, OrderPayment, orderPath } from '../../features/orders';

const isKind = (value: string | null): value is OrderKind =>
  (ORDER_KINDS as readonly string[]).includes(value ?? '');

/**
 * The payment window (`/order/new?kind=&itemId=` makes the order first, then shows
 * `/order/{orderNo}`); the provider's page sends the learner back here with `?result=`, and
 * WeChat's web authorisation (paying inside WeChat) with `?code=&state=`.
 */
export function OrderPage() {
  const { orderNo = '' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const onCreated = useCallback(
    (created: string) => navigate(orderPath(created), { replace: true }),
    [navigate],
  );
  if (orderNo === 'new') {
    const kind = search.get('kind');
    const itemId = search.get('itemId');
    return (
      <>
        <PageHeading title="订单支付" />
        {isKind(kind) && itemId ? (
          <NewOrder kind={kind} itemId={itemId} onCreated={onCreated} />
        ) : (
          <Alert type="error" showIcon title="购买链接不完整，请关闭窗口后重新点击购买。" />
        )}
      </>
    );
  }
  const code = search.get('code');
  const state = search.get('state');
  return (
    <>
      <PageHeading title="订单支付" />
      <OrderPayment
        key={orderNo}
        orderNo={orderNo}
        result={search.get('result')}
        oauth={code && state ? { code, state } : null}
      />
    </>
  );
}
