import type { EvidenceProps } from '../types';
import styles from './result.module.css';

/** RO: the right order and each adjacent pair, kept together or not. */
export function ReorderEvidence({ result }: EvidenceProps) {
  if (result.kind !== 'reorder') return null;
  return (
    <>
      <p>
        正确顺序：
        {[result.pairs[0]?.first, ...result.pairs.map((pair) => pair.second)].join(' → ')}
      </p>
      <ul className={styles.plainList}>
        {result.pairs.map((pair) => (
          <li key={`${pair.first}${pair.second}`} className={pair.correct ? styles.ok : styles.bad}>
            {pair.first} → {pair.second}：{pair.correct ? '排对了 ✓' : '没有排在一起 ✗'}
          </li>
        ))}
      </ul>
    </>
  );
}
