import type { MaterialDetail } from '@ninety/contract';
import { Button } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import { PageHeading } from '../../components/page-heading';
import { MaterialDetails, materialPurchasePath } from '../../features/materials';

/** To the purchase page, which asks a signed-out visitor to sign in and comes back. */
export function BuyButton({ material }: { material: MaterialDetail }) {
  const navigate = useNavigate();
  return (
    <Button type="primary" size="large" onClick={() => navigate(materialPurchasePath(material.id))}>
      立即购买
    </Button>
  );
}

const buyButton = (material: MaterialDetail) => <BuyButton material={material} />;

/** 专题详情 (material/SpecialTopic/{id}): one topic's contents, sample and price. */
export function SpecialTopicPage() {
  const id = useParams().id ?? '';
  return (
    <>
      <PageHeading
        title="专题详情"
        description="围绕一个题型或难点整理的讲解与练习合集。"
        extra={<Link to="/material/index">全部资料</Link>}
      />
      <MaterialDetails id={id} kind="topic" renderAction={buyButton} />
    </>
  );
}
