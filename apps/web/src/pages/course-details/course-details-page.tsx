import { useParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { FactList } from '../../components/fact-list';
import { PageHeading } from '../../components/page-heading';

export function CourseDetailsPage() {
  const { id } = useParams();

  return (
    <>
      <PageHeading title="课程详情" description="课程大纲、讲师与课时安排。" />
      <FactList facts={[{ label: '课程编号', value: id }]} />
      <EmptyState description="课程详情正在整理中，上线后可在这里查看" />
    </>
  );
}
