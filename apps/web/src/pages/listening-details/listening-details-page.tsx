import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { FactList } from '../../components/fact-list';
import { PageHeading } from '../../components/page-heading';

export function ListeningDetailsPage() {
  const [searchParams] = useSearchParams();

  return (
    <>
      <PageHeading title="精听详情" description="逐句播放原文音频，完成听写后对照原文与跟读。" />
      <FactList facts={[{ label: '材料编号', value: searchParams.get('id') ?? undefined }]} />
      <EmptyState description="精听材料正在整理中，上线后这里会显示音频、原文与听写区" />
    </>
  );
}
