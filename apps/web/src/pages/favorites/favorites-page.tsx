import { EmptyState } from '../../components/empty-state';
import { PageHeading } from '../../components/page-heading';

export function FavoritesPage() {
  return (
    <>
      <PageHeading
        title="收藏"
        description="练习时收藏的题目按红、黄、绿、蓝四种颜色标签分组，方便集中复习。"
      />
      <EmptyState description="收藏功能即将开放，开放后你在练习中收藏的题目会显示在这里" />
    </>
  );
}
