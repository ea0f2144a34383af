import { relativeTime } from '../../../lib/format';
import { useAttemptHistory } from '../api/get-attempt-history';
import styles from './exercise.module.css';

/** The learner's earlier attempts on this item with their scores. */
export function AttemptHistoryList({ itemId }: { itemId: string }) {
  const history = useAttemptHistory(itemId, true);
  const list = history.data?.list ?? [];
  if (list.length === 0) return null;
  return (
    <section className={styles.history} aria-label="我的练习记录">
      <h3 className={styles.subheading}>我的练习记录</h3>
      <ul className={styles.plainList}>
        {list.map((attempt) => (
          <li key={attempt.id}>
            {relativeTime(new Date(attempt.createdAt))} · 得分 {attempt.score}/{attempt.max} · 用时{' '}
            {attempt.timeSpentSeconds} 秒
          </li>
        ))}
      </ul>
    </section>
  );
}
