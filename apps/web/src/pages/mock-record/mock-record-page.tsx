import { EmptyState } from '../../components/empty-state';
import { PageHeading } from '../../components/page-heading';

export function MockRecordPage() {
  return (
    <>
      <PageHeading title="模考记录" description="每次模考的时间、总分与各项能力分。" />
      <EmptyState description="完成模考后，记录会显示在这里" />
    </>
  );
}
