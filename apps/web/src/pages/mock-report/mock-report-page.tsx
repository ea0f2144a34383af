import type { MockReport } from '@ninety/contract';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { PageHeading } from '../../components/page-heading';
import { QueryState } from '../../components/query-state';
import { typeListLink } from '../../features/bank';
import { PlanCard, useStudyPlan } from '../../features/learning-centre';
import { isPaperId, MockReportView, useReport } from '../../features/mock-report';

const NOT_FOUND = <EmptyState description="没有找到这份报告（试卷不存在、尚未交卷或已放弃）" />;

const PLAN_PATH = '/data?tab=plan';

/**
 * The level test is a placement (issue 13): its owner gets today's study plan beside the estimate,
 * the same plan as 学习中心's, which takes a skill's estimate from the latest mock (this test,
 * just taken) where recent practice gives none.
 */
function LevelTestPlan() {
  const plan = useStudyPlan();
  return (
    <>
      <p>
        {
          '今天的学习计划，每天更新。设定了目标分，计划就按各项估分与目标的差距安排：近期没有练习的技能，用最近一次模考（这次水平测试）的估分。完整计划在'
        }
        <Link to={PLAN_PATH}>学习中心 · 学习计划</Link>。
      </p>
      <QueryState query={plan} subject="学习计划" skeletonRows={3}>
        {(data) => (
          <PlanCard
            plan={data}
            renderTypeLink={typeListLink}
            goalAction={
              <Link to={PLAN_PATH} className="ui-button">
                设定目标分和考试日期
              </Link>
            }
          />
        )}
      </QueryState>
    </>
  );
}

const showsPlan = (report: MockReport) => report.blueprint.kind === 'level' && report.isOwner;

function Report({ id }: { id: string }) {
  const report = useReport(id);
  return (
    <QueryState query={report} subject="模考报告" renderError={() => NOT_FOUND}>
      {(data) => (
        <MockReportView report={data} studyPlan={showsPlan(data) ? <LevelTestPlan /> : undefined} />
      )}
    </QueryState>
  );
}

export function MockReportPage() {
  const { id } = useParams();
  return (
    <>
      <PageHeading
        title="模考报告"
        description="总分与四项技能的练习估分（附可能区间）、能力档案、用时与逐题解析。"
      />
      {isPaperId(id) ? <Report id={id} /> : NOT_FOUND}
    </>
  );
}
