import type { EvidenceProps } from '../types';
import styles from './result.module.css';

/** Fill-in-the-blank types (RWFIB, RFIB, LFIB): each blank, what was given and what was right. */
export function BlanksEvidence({ result }: EvidenceProps) {
  if (result.kind !== 'blanks') return null;
  return (
    <table className={styles.table}>
      <thead>
        <tr>
          <th>空</th>
          <th>你的答案</th>
          <th>正确答案</th>
        </tr>
      </thead>
      <tbody>
        {result.blanks.map((blank) => (
          <tr key={blank.blank} className={blank.correct ? styles.ok : styles.bad}>
            <td>{blank.blank}</td>
            {/* The mark goes beside the learner's answer: ✗ on a wrong one, never on the key. */}
            <td>
              {blank.given ? <span lang="en">{blank.given}</span> : '（未作答）'}{' '}
              <span aria-label={blank.correct ? '正确' : '错误'}>{blank.correct ? '✓' : '✗'}</span>
            </td>
            <td lang="en">{blank.expected}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
