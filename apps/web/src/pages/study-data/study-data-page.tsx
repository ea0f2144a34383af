import { EmptyState } from '../../components/empty-state';
import { PageHeading } from '../../components/page-heading';

export function StudyDataPage() {
  return (
    <>
      <PageHeading
        title="学习中心"
        description="练习次数、学习时长和各题型得分趋势会汇总在这里。"
      />
      <EmptyState description="学习数据将在你开始练习后自动记录，功能上线后即可查看" />
    </>
  );
}
