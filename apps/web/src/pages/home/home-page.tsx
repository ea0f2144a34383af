import { Link } from 'react-router';
import { AccountDeletedNotice } from '../../features/account-data';
import { useHighFrequency } from '../../features/bank/api/high-frequency';
import { PlanCard } from '../../features/learning-centre/components/plan-card';
import { formatMinutes, typeName } from '../../features/learning-centre/components/format';
import { useLearningOverview } from '../../features/learning-centre/api/get-overview';
import { useMistakes } from '../../features/learning-centre/api/get-mistakes';
import { useStudyPlan } from '../../features/learning-centre/api/get-plan';
import { useRecords } from '../../features/mock-exam/api/get-records';
import { examPath } from '../../features/mock-exam/exam-path';
import { isSignedIn } from '../../lib/session';
import styles from './home-page.module.css';

/** What exists today, and only that (issue 19: nothing on home points at a page still being made). */
const highlights = [
  { value: '22 种题型', text: '口语、写作、阅读、听力全部题型，每种都有原创练习题' },
  { value: '逐项评分', text: '客观题按官方部分给分规则计分；写作、口语按维度打分并标出具体问题' },
  { value: '全真模考', text: '按 2025 年新题型与计时组卷，交卷后生成四项成绩与区间' },
  { value: '学习中心', text: '学习时长、连续天数、错题本和按目标生成的每日计划' },
];

const entries = [
  { to: '/high', title: '高频', text: '每周更新的高频题，优先练最可能考到的内容' },
  { to: '/question', title: '题库', text: '按题型逐题练习，提交后立即评分并给出依据' },
  { to: '/mock', title: '模考', text: '全真模考、单项模考与成绩报告' },
  { to: '/tools/favorites', title: '收藏', text: '把易错题按颜色分组收藏，集中复习' },
  { to: '/data', title: '学习中心', text: '学习日历、题型统计、错题本与学习计划' },
];

/** Entries of the spec that are still being built: named, not linked. */
const comingSoon = ['精听（听写与跟读）', '微课', '课程资料', 'VIP 会员开通'];

function Entries() {
  return (
    <section aria-labelledby="home-entries">
      <h2 id="home-entries" className={styles.sectionTitle}>
        从这里开始
      </h2>
      <ul className={styles.entries}>
        {entries.map((entry) => (
          <li key={entry.to}>
            <Link to={entry.to} className={styles.entry}>
              <strong>{entry.title}</strong>
              <span>{entry.text}</span>
            </Link>
          </li>
        ))}
      </ul>
      <p className={styles.soon}>即将上线：{comingSoon.join('、')}</p>
    </section>
  );
}

function Landing() {
  return (
    <>
      <section className={styles.hero}>
        <p className={styles.eyebrow}>PTE 学术英语备考</p>
        <h1 className={styles.title}>用 Ninety 稳步练到目标分</h1>
        <p className={styles.pitch}>
          覆盖 PTE 全部 22 种题型：提交后由服务器评分，给出逐项依据和 10–90 的估分（练习估算，
          不等于官方成绩）。配合每周高频题、全真模考、错题本和按目标生成的学习计划，每次练习都有的放矢。
        </p>
        <div className={styles.actions}>
          <Link to="/question" className="ui-button ui-button-primary">
            开始练习
          </Link>
          <Link to="/mock" className={`ui-button ${styles.secondary}`}>
            全真模考
          </Link>
        </div>
        <ul className={styles.highlights}>
          {highlights.map((item) => (
            <li key={item.value}>
              <strong>{item.value}</strong>
              <span>{item.text}</span>
            </li>
          ))}
        </ul>
      </section>
      <Entries />
    </>
  );
}

const typeLink = (type: Parameters<typeof typeName>[0], children: React.ReactNode) => (
  <Link to={`/question-list/${type}/1`}>{children}</Link>
);

/** Signed in: where the learner stands and what to do next. */
function Dashboard() {
  const overview = useLearningOverview();
  const plan = useStudyPlan();
  const mistakes = useMistakes({ page: 1 });
  const records = useRecords(1);
  const high = useHighFrequency();
  const unfinished = records.data?.list.find((record) => record.status === 'in_progress');
  const streak = overview.data?.streak;
  const highCount = high.data?.groups.reduce((sum, group) => sum + group.items.length, 0) ?? 0;
  return (
    <>
      <section className={styles.today} aria-labelledby="home-today">
        <h1 id="home-today" className={styles.todayTitle}>
          今天的学习
        </h1>
        <dl className={styles.stats} data-testid="home-stats">
          <div>
            <dt>连续学习</dt>
            <dd>{streak ? `${streak.current} 天` : '—'}</dd>
          </div>
          <div>
            <dt>今日学习</dt>
            <dd>{overview.data ? formatMinutes(overview.data.todayMinutes) : '—'}</dd>
          </div>
          <div>
            <dt>今日练习</dt>
            <dd>{overview.data ? `${overview.data.todayPractices} 次` : '—'}</dd>
          </div>
          <div>
            <dt>待订正错题</dt>
            <dd>
              <Link to="/data?tab=mistakes">
                {mistakes.data ? `${mistakes.data.total} 题` : '—'}
              </Link>
            </dd>
          </div>
        </dl>
        {streak && streak.current > 0 && !streak.activeToday && (
          <p className={styles.hint}>
            今天还没有学习，练一道题就能保持 {streak.current} 天的连续记录。
          </p>
        )}
      </section>

      <div className={styles.dashboard}>
        <section className={styles.panel} aria-labelledby="home-plan">
          <div className={styles.panelHead}>
            <h2 id="home-plan">今日计划</h2>
            <Link to="/data?tab=plan">调整目标</Link>
          </div>
          {plan.data ? (
            <PlanCard
              plan={plan.data}
              renderTypeLink={typeLink}
              goalAction={
                <Link to="/data?tab=plan" className="ui-button ui-button-primary">
                  设定目标分和考试日期
                </Link>
              }
            />
          ) : (
            <p className={styles.muted}>
              {plan.isError ? '学习计划加载失败' : '正在生成今天的计划…'}
            </p>
          )}
        </section>

        <div className={styles.side}>
          {unfinished && (
            <section className={styles.panel} aria-labelledby="home-continue">
              <h2 id="home-continue">继续上次</h2>
              <p>
                {unfinished.blueprint.nameZh}：已答 {unfinished.answered}/{unfinished.itemCount} 题
              </p>
              <Link to={examPath(unfinished.id)} className="ui-button ui-button-primary">
                继续模考
              </Link>
            </section>
          )}
          <section className={styles.panel} aria-labelledby="home-weak">
            <h2 id="home-weak">本周薄弱题型</h2>
            {overview.data && overview.data.weakest.length > 0 ? (
              <ul className={styles.list}>
                {overview.data.weakest.map((entry) => (
                  <li key={entry.type}>
                    {typeLink(entry.type, typeName(entry.type))}
                    <span className={styles.muted}> 均分 {entry.averageScore}</span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className={styles.muted}>这周还没有评分的练习。</p>
            )}
          </section>
          <section className={styles.panel} aria-labelledby="home-high">
            <h2 id="home-high">本周高频</h2>
            <p>
              {highCount > 0 ? `本周高频共 ${highCount} 题。` : '本周高频题尚未发布。'}
              <Link to="/high">去看看</Link>
            </p>
          </section>
        </div>
      </div>
      <Entries />
    </>
  );
}

export function HomePage() {
  return (
    <>
      <AccountDeletedNotice />
      {isSignedIn() ? <Dashboard /> : <Landing />}
    </>
  );
}
