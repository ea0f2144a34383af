import { useParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { FactList } from '../../components/fact-list';
import { PageHeading } from '../../components/page-heading';

export function MockReportPage() {
  const { id } = useParams();

  return (
    <>
      <PageHeading title="模考报告" description="总分、四项能力分与各题型得分分析。" />
      <FactList facts={[{ label: '模考', value: id }]} />
      <EmptyState description="模考功能上线后，这里会显示本次模考的成绩报告" />
    </>
  );
}
