import { EmptyState } from '../../components/empty-state';
import { PageHeading } from '../../components/page-heading';

export function CourseInfoPage() {
  return (
    <>
      <PageHeading title="课程介绍" description="课程内容、授课方式与适合的学员。" />
      <EmptyState description="课程介绍正在准备中，即将上线" />
    </>
  );
}
