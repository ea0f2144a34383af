import { useParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { FactList } from '../../components/fact-list';
import { PageHeading } from '../../components/page-heading';

export function MaterialPurchasePage() {
  const { id } = useParams();

  return (
    <>
      <PageHeading title="资料详情" description="资料的目录、适用人群与购买方式。" />
      <FactList facts={[{ label: '资料编号', value: id }]} />
      <EmptyState description="资料详情正在整理中，上线后可在这里查看并购买" />
    </>
  );
}
