import { useParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { PageHeading } from '../../components/page-heading';
import { QueryState } from '../../components/query-state';
import { isPaperId, MockAnalysisView, useItemAnalysis } from '../../features/mock-report';

const NOT_FOUND = <EmptyState description="没有找到这道题的解析（试卷不存在或尚未交卷）" />;

function Analysis({ id, index }: { id: string; index: number }) {
  const analysis = useItemAnalysis(id, index);
  return (
    <QueryState query={analysis} subject="解析" renderError={() => NOT_FOUND}>
      {(data) => <MockAnalysisView analysis={data} />}
    </QueryState>
  );
}

export function MockAnalysisPage() {
  const { id, questionId } = useParams();
  const index = Number(questionId);
  const isValid = isPaperId(id) && Number.isInteger(index) && index >= 0 && index < 200;
  return (
    <>
      <PageHeading title="模考解析" description="题目、答案、范文与解析，以及你的作答。" />
      {isValid ? <Analysis key={`${id}:${index}`} id={id} index={index} /> : NOT_FOUND}
    </>
  );
}
