import { useParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { FactList } from '../../components/fact-list';
import { PageHeading } from '../../components/page-heading';

export function H5ReportPage() {
  const { id } = useParams();

  return (
    <>
      <PageHeading title="模考成绩单" description="可在手机上查看和分享的成绩单。" />
      <FactList facts={[{ label: '模考', value: id }]} />
      <EmptyState description="模考功能上线后，这里会显示本次模考的成绩单" />
    </>
  );
}
