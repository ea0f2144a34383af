import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { FactList } from '../../components/fact-list';
import { PageHeading } from '../../components/page-heading';

export function FavoriteDetailsPage() {
  const [searchParams] = useSearchParams();

  return (
    <>
      <PageHeading title="收藏详情" description="查看收藏夹中的题目，并从这里继续练习。" />
      <FactList facts={[{ label: '收藏编号', value: searchParams.get('id') ?? undefined }]} />
      <EmptyState description="收藏功能即将开放，开放后这里会列出该收藏夹中的题目" />
    </>
  );
}
