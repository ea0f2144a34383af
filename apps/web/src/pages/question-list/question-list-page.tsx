import { useParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { FactList } from '../../components/fact-list';
import { PageHeading } from '../../components/page-heading';

export function QuestionListPage() {
  const { type, id } = useParams();

  return (
    <>
      <PageHeading
        title="题目列表"
        description="可按更新时间、完成情况、练习状态、高频与收藏颜色筛选题目。"
      />
      <FactList
        facts={[
          { label: '题型', value: type },
          { label: '编号', value: id },
        ]}
      />
      <EmptyState description="该题型的题目正在整理中，上线后会在这里列出" />
    </>
  );
}
