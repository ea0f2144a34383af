import { EmptyState } from '../../components/empty-state';
import { PageHeading } from '../../components/page-heading';
import { QueryState } from '../../components/query-state';
import { StudySummary, useStudyData } from '../../features/study-data';
import { isSignedIn } from '../../lib/session';

export function StudyDataPage() {
  const study = useStudyData();
  return (
    <>
      <PageHeading
        title="学习中心"
        description="练习页面打开时每分钟记录一次学习时长；每次提交评分记一次练习。日期按北京时间计算。"
      />
      {!isSignedIn() ? (
        // The route needs a token; this is for a session that ended while the page was open.
        <EmptyState description="登录后查看学习时长和练习次数" />
      ) : (
        <QueryState query={study} subject="学习数据">
          {(stats) => <StudySummary stats={stats} />}
        </QueryState>
      )}
    </>
  );
}
