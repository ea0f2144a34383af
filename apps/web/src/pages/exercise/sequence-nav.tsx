import { Link } from 'react-router';
import { exerciseHref } from './item-sequence';
import styles from './sequence-nav.module.css';
import type { ItemSequence } from './use-item-sequence';

/** 上一题 / 下一题 within the list the learner came from, and where in it they are. */
export function SequenceNav({ sequence }: { sequence: ItemSequence }) {
  const { previous, next } = sequence;
  return (
    <nav className={styles.nav} aria-label="题目切换">
      {previous ? (
        <Link to={exerciseHref(previous)} className="ui-button" title={previous.item.title}>
          ← 上一题
        </Link>
      ) : (
        <span className={`ui-button ${styles.disabled}`} aria-disabled>
          ← 上一题
        </span>
      )}
      <span className={styles.position}>
        第 {sequence.position} / {sequence.total} 题
      </span>
      {next ? (
        <Link to={exerciseHref(next)} className="ui-button" title={next.item.title}>
          下一题 →
        </Link>
      ) : (
        <span className={`ui-button ${styles.disabled}`} aria-disabled>
          下一题 →
        </span>
      )}
    </nav>
  );
}
