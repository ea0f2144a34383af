import type { MaterialDetail } from '@ninety/contract';
import { Button } from 'antd';
import { Link, useLocation, useParams } from 'react-router';
import { PageHeading } from '../../components/page-heading';
import { formatYuan, MaterialDetails, usePurchaseRefresh } from '../../features/materials';
import { openPaymentWindow } from '../../features/orders';
import { requestLogin } from '../../lib/login-events';
import { isSignedIn } from '../../lib/session';

/** Signed out: sign in first and come back here; signed in: pay in the payment window. */
function PurchaseAction({ material }: { material: MaterialDetail }) {
  const location = useLocation();
  if (!isSignedIn()) {
    return (
      <Button
        type="primary"
        size="large"
        onClick={() => requestLogin({ returnTo: `${location.pathname}${location.search}` })}
      >
        登录后购买
      </Button>
    );
  }
  return (
    <Button
      type="primary"
      size="large"
      onClick={() => openPaymentWindow('material', String(material.id))}
    >
      立即支付 {formatYuan(material.priceFen)}
    </Button>
  );
}

/**
 * 购买资料 (material/purchase/{id}, public): the material's summary and price, buying through the
 * orders' payment window (sign-in first, back to this page), and once paid its downloads right
 * here: the window tells this page, which asks for the material again.
 */
export function MaterialPurchasePage() {
  const id = useParams().id ?? '';
  usePurchaseRefresh();
  return (
    <>
      <PageHeading
        title="资料详情"
        description="确认资料内容与价格后购买：支付在新窗口中完成，付款成功后本页即显示下载，资料详情中可直接练习包含的题目。"
        extra={<Link to="/material/index">全部资料</Link>}
      />
      <MaterialDetails
        id={id}
        variant="summary"
        renderAction={(material) => <PurchaseAction material={material} />}
      />
    </>
  );
}
