import { Link } from 'react-router';
import { useHighFrequency } from '../../features/bank/api/high-frequency';
import { exercisePath } from '../../features/bank/exercise-path';
import { typeListLink } from '../../features/bank/type-link';
import { useLearningOverview } from '../../features/learning-centre/api/get-overview';
import { useMistakes } from '../../features/learning-centre/api/get-mistakes';
import { useStudyPlan } from '../../features/learning-centre/api/get-plan';
import { formatMinutes, typeName } from '../../features/learning-centre/components/format';
import { PlanCard } from '../../features/learning-centre/components/plan-card';
import { useRecords } from '../../features/mock-exam/api/get-records';
import { examPath } from '../../features/mock-exam/exam-path';
import { Entries } from './entries';
import styles from './home-page.module.css';

/** Signed in: where the learner stands and what to do next. */
export function Dashboard() {
  const overview = useLearningOverview();
  const plan = useStudyPlan();
  const mistakes = useMistakes({ page: 1 });
  const records = useRecords(1);
  const high = useHighFrequency();
  const unfinished = records.data?.list.find((record) => record.status === 'in_progress');
  const lastItem = overview.data?.lastItem;
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
              renderTypeLink={typeListLink}
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
          {(unfinished || lastItem) && (
            <section className={styles.panel} aria-labelledby="home-continue">
              <h2 id="home-continue">继续上次</h2>
              {unfinished && (
                <>
                  <p>
                    {unfinished.blueprint.nameZh}：已答 {unfinished.answered}/{unfinished.itemCount}{' '}
                    题
                  </p>
                  <Link to={examPath(unfinished.id)} className="ui-button ui-button-primary">
                    继续模考
                  </Link>
                </>
              )}
              {lastItem && (
                <>
                  <p>
                    上次练到：{typeName(lastItem.type)} #{lastItem.number}{' '}
                    <span lang="en">{lastItem.title}</span>
                  </p>
                  <Link
                    to={exercisePath({ type: lastItem.type, id: lastItem.itemId })}
                    className={`ui-button${unfinished ? '' : ' ui-button-primary'}`}
                  >
                    回到这道题
                  </Link>
                </>
              )}
            </section>
          )}
          <section className={styles.panel} aria-labelledby="home-weak">
            <h2 id="home-weak">本周薄弱题型</h2>
            {overview.data && overview.data.weakest.length > 0 ? (
              <ul className={styles.list}>
                {overview.data.weakest.map((entry) => (
                  <li key={entry.type}>
                    {typeListLink(entry.type, typeName(entry.type))}
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
