import type { ListeningRating, ListeningReviewOutcome } from '@ninety/contract';
import dayjs from 'dayjs';
import styles from './listening.module.css';

const RATING_ZH: Record<ListeningRating, string> = {
  again: '没记住',
  hard: '有点难',
  good: '记住了',
  easy: '很轻松',
};

/** What answering a review card did: its rating and when it comes back. */
export function ReviewOutcomeNote({ outcome }: { outcome: ListeningReviewOutcome }) {
  return (
    <p className={styles.reviewOutcome} role="status">
      复习评价：{RATING_ZH[outcome.rating]} · 下次复习{' '}
      {dayjs(outcome.nextDue).format('M月D日 HH:mm')}
    </p>
  );
}
