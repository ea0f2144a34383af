import { useParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { FactList } from '../../components/fact-list';
import { PageHeading } from '../../components/page-heading';

export function MockAnalysisPage() {
  const { id, questionId } = useParams();

  return (
    <>
      <PageHeading title="模考解析" description="逐题查看你的作答、得分与参考答案。" />
      <FactList
        facts={[
          { label: '模考', value: id },
          { label: '题目', value: questionId },
        ]}
      />
      <EmptyState description="模考功能上线后，这里会显示该题的作答与解析" />
    </>
  );
}
