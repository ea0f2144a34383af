import type { ItemTypeCode } from '@ninety/contract';
import { Tabs } from 'antd';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { PageHeading } from '../../components/page-heading';
import { QueryState } from '../../components/query-state';
import { exercisePath, typeListLink } from '../../features/bank';
import { LIST_PATH, ReviewCounts, useReviewCounts } from '../../features/listening';
import {
  GoalForm,
  MistakeBook,
  OverviewPanel,
  PlanCard,
  SkillsPanel,
  TypesPanel,
  useLearningOverview,
  useLearningProfile,
  useLearningSkills,
  useStudyPlan,
} from '../../features/learning-centre';
import { isSignedIn } from '../../lib/session';
import styles from './study-data-page.module.css';

const TABS = ['overview', 'types', 'skills', 'mistakes', 'plan'] as const;
type Tab = (typeof TABS)[number];

const redoLink = (type: ItemTypeCode, itemId: string, children: ReactNode) => (
  <Link to={exercisePath({ type, id: itemId }, '/data?tab=mistakes')} className="ui-button">
    {children}
  </Link>
);

/** 精听's review deck beside the rest of the learner's study (issue 20): what is due, and the way in. */
function ListeningCard() {
  const counts = useReviewCounts(true);
  return (
    <section className={`${styles.card} ${styles.listeningCard}`} aria-labelledby="lc-listening">
      <h2 id="lc-listening" className={styles.cardTitle}>
        精听复习
      </h2>
      <QueryState query={counts} subject="精听复习" skeletonRows={1}>
        {(data) => (
          <div className={styles.listening}>
            <ReviewCounts counts={data} />
            {data.dueNow > 0 ? (
              <Link to={`${LIST_PATH}?tab=review`} className="ui-button ui-button-primary">
                去复习 {data.dueNow} 张
              </Link>
            ) : (
              <Link to={LIST_PATH} className="ui-button">
                {data.total > 0
                  ? '没有到期的卡片，去精听'
                  : '去精听：听写和跟读做错的句子会进入复习'}
              </Link>
            )}
          </div>
        )}
      </QueryState>
    </section>
  );
}

function OverviewTab() {
  const overview = useLearningOverview();
  return (
    <>
      <QueryState query={overview} subject="学习数据">
        {(data) => <OverviewPanel overview={data} renderTypeLink={typeListLink} />}
      </QueryState>
      <ListeningCard />
    </>
  );
}

function TypesTab() {
  const overview = useLearningOverview();
  return (
    <QueryState query={overview} subject="题型统计">
      {(data) => <TypesPanel types={data.types} renderTypeLink={typeListLink} />}
    </QueryState>
  );
}

function SkillsTab() {
  const skills = useLearningSkills();
  return (
    <QueryState query={skills} subject="技能估分">
      {(data) => <SkillsPanel skills={data} />}
    </QueryState>
  );
}

function MistakesTab() {
  const profile = useLearningProfile();
  return (
    <MistakeBook timeZone={profile.data?.timeZone ?? 'Asia/Shanghai'} renderRedoLink={redoLink} />
  );
}

function PlanTab() {
  const profile = useLearningProfile();
  const plan = useStudyPlan();
  return (
    <div className={styles.planTab}>
      <section className={styles.card} aria-labelledby="lc-goal">
        <h2 id="lc-goal" className={styles.cardTitle}>
          我的目标
        </h2>
        <QueryState query={profile} subject="目标" skeletonRows={2}>
          {(data) => <GoalForm profile={data} />}
        </QueryState>
      </section>
      <section className={styles.card} aria-labelledby="lc-plan">
        <h2 id="lc-plan" className={styles.cardTitle}>
          今日计划
        </h2>
        <QueryState query={plan} subject="学习计划">
          {(data) => <PlanCard plan={data} renderTypeLink={typeListLink} />}
        </QueryState>
      </section>
    </div>
  );
}

export function StudyDataPage() {
  const [params, setParams] = useSearchParams();
  const profile = useLearningProfile();
  const requested = params.get('tab');
  const tab: Tab = TABS.includes(requested as Tab) ? (requested as Tab) : 'overview';
  if (!isSignedIn()) {
    // The route needs a token; this is for a session that ended while the page was open.
    return (
      <>
        <PageHeading title="学习中心" />
        <EmptyState description="登录后查看学习时长、错题本和学习计划" />
      </>
    );
  }
  return (
    <>
      <PageHeading
        title="学习中心"
        description={
          profile.data
            ? `日期与连续天数按${profile.data.isDefaultTimeZone ? '北京时间' : `你的时区（${profile.data.timeZone}）`}计算；练习页面打开时每分钟记录一次学习时长，每次提交评分记一次练习。`
            : undefined
        }
        extra={profile.data && <GoalForm profile={profile.data} mode="time-zone" />}
      />
      <Tabs
        activeKey={tab}
        // Five tabs fit a 375 px phone only with a narrower gap; overflowing, antd adds a "more"
        // button inside the tab list, which screen readers cannot place (axe aria-required-children).
        tabBarGutter={16}
        onChange={(key) => setParams(key === 'overview' ? {} : { tab: key }, { replace: true })}
        destroyOnHidden
        items={[
          { key: 'overview', label: '概览', children: <OverviewTab /> },
          { key: 'types', label: '题型', children: <TypesTab /> },
          { key: 'skills', label: '能力趋势', children: <SkillsTab /> },
          { key: 'mistakes', label: '错题本', children: <MistakesTab /> },
          { key: 'plan', label: '目标与计划', children: <PlanTab /> },
        ]}
      />
    </>
  );
}
