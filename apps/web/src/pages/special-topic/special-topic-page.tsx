import { useParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { FactList } from '../../components/fact-list';
import { PageHeading } from '../../components/page-heading';

export function SpecialTopicPage() {
  const { id } = useParams();

  return (
    <>
      <PageHeading title="专题详情" description="围绕一个主题整理的练习与讲解合集。" />
      <FactList facts={[{ label: '专题编号', value: id }]} />
      <EmptyState description="专题内容正在整理中，上线后可在这里查看" />
    </>
  );
}
