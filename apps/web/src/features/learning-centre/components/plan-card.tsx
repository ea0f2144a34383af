import { skillNamesZh, type ItemTypeCode, type StudyPlan } from '@ninety/contract';
import type { ReactNode } from 'react';
import { typeName } from './format';
import styles from './learning-centre.module.css';

interface PlanCardProps {
  plan: StudyPlan;
  renderTypeLink: (type: ItemTypeCode, children: ReactNode) => ReactNode;
  /** Shown when the learner has no goal yet: where to set one. */
  goalAction?: ReactNode;
}

/** Today's plan: the days left, the gap per skill, and each type's count with today's progress. */
export function PlanCard({ plan, renderTypeLink, goalAction }: PlanCardProps) {
  return (
    <div className={styles.plan} data-testid="study-plan">
      {/* The one place the days left are said: the summary below does not repeat them. */}
      {plan.daysLeft === 0 && <p className={styles.countdown}>今天考试，祝顺利！</p>}
      {plan.daysLeft !== null && plan.daysLeft > 0 && (
        <p className={styles.countdown}>
          距考试还有 <strong>{plan.daysLeft}</strong> 天
        </p>
      )}
      <p>{plan.summaryZh}</p>
      {plan.hasGoal && (
        <ul className={styles.gaps}>
          {plan.skills.map((entry) => (
            <li key={entry.skill}>
              {skillNamesZh[entry.skill]}：{entry.estimate ?? '暂无估分'}
              {entry.target !== null && ` / 目标 ${entry.target}`}
            </li>
          ))}
        </ul>
      )}
      {!plan.hasGoal && goalAction}
      <ol className={styles.tasks}>
        {plan.tasks.map((task) => (
          <li key={task.type} className={styles.task}>
            <div className={styles.taskHead}>
              <strong>{typeName(task.type)}</strong>
              <span>
                {task.count} 题 · 约 {task.minutes} 分钟
              </span>
              {renderTypeLink(task.type, '去练习')}
            </div>
            <div className={styles.progress}>
              <progress
                max={task.count}
                value={Math.min(task.done, task.count)}
                aria-label={`${typeName(task.type)}今日完成 ${task.done}/${task.count}`}
              />
              <span>
                {Math.min(task.done, task.count)}/{task.count}
              </span>
            </div>
            <p className={styles.muted}>{task.reasonZh}</p>
          </li>
        ))}
      </ol>
    </div>
  );
}
