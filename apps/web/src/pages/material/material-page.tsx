import { EmptyState } from '../../components/empty-state';
import { PageHeading } from '../../components/page-heading';

export function MaterialPage() {
  return (
    <>
      <PageHeading title="资料" description="备考资料、专题合集与系统课程。" />
      <EmptyState description="资料正在整理中，上线后可在这里浏览和购买" />
    </>
  );
}
