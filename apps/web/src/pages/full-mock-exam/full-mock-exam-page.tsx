import { EmptyState } from '../../components/empty-state';
import { PageHeading } from '../../components/page-heading';

export function FullMockExamPage() {
  return (
    <>
      <PageHeading
        title="全真模考"
        description="完整模拟 PTE 考试：约 2 小时，依次完成口语写作、阅读、听力三个部分。"
      />
      <EmptyState description="全真模考试卷正在整理中，上线后可在这里开始考试" />
    </>
  );
}
