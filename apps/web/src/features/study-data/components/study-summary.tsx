import type { StudyStats } from '@ninety/contract';
import styles from './study-summary.module.css';

/** "3 小时 5 分钟" from minutes; under an hour just the minutes. */
export function formatMinutes(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} 分钟`;
  return rest === 0 ? `${hours} 小时` : `${hours} 小时 ${rest} 分钟`;
}

const weekdayOf = (date: string) =>
  ['周日', '周一', '周二', '周三', '周四', '周五', '周六'][
    new Date(`${date}T00:00:00Z`).getUTCDay()
  ];

/** The learner's figures: today and in total, then the last seven days. */
export function StudySummary({ stats }: { stats: StudyStats }) {
  const figures = [
    { label: '今日学习', value: formatMinutes(stats.todayMinutes) },
    { label: '今日练习', value: `${stats.todayPractices} 次` },
    { label: '累计学习', value: formatMinutes(stats.totalMinutes) },
    { label: '累计练习', value: `${stats.totalPractices} 次` },
    { label: '学习天数', value: `${stats.studyDays} 天` },
  ];
  const busiest = Math.max(1, ...stats.recent.map((day) => day.minutes));
  return (
    <div className={styles.summary}>
      <section aria-labelledby="study-figures">
        <h2 id="study-figures" className={styles.title}>
          学习概况
        </h2>
        <dl className={styles.figures}>
          {figures.map((figure) => (
            <div key={figure.label} className={styles.figure}>
              <dt>{figure.label}</dt>
              <dd>{figure.value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="study-recent">
        <h2 id="study-recent" className={styles.title}>
          最近 7 天
        </h2>
        <ol className={styles.days}>
          {stats.recent.map((day) => (
            <li key={day.date} className={styles.day}>
              <span className={styles.dayName}>
                {day.date === stats.date ? '今天' : weekdayOf(day.date)}
              </span>
              <span className={styles.bar} aria-hidden="true">
                <span style={{ width: `${(day.minutes / busiest) * 100}%` }} />
              </span>
              <span className={styles.dayFigures}>
                {formatMinutes(day.minutes)} · {day.practices} 次
              </span>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
