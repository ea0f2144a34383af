import { EmptyState } from '../../components/empty-state';
import { PageHeading } from '../../components/page-heading';

export function QuestionPage() {
  return (
    <>
      <PageHeading
        title="题库"
        description="PTE 全部 22 种题型，按题型逐题练习，练完即可查看评分与解析。"
      />
      <EmptyState description="题目正在整理中，上线后可按题型练习" />
    </>
  );
}
