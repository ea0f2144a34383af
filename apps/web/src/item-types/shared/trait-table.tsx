import { traitNames, type TraitResult } from '@ninety/contract';
import styles from './result.module.css';

/**
 * The traits of a writing or speaking result: each with its score, what it rests on (or the
 * advice drawn from it) and the measures behind it. `marksFull` colours rows at full marks apart.
 */
export function TraitTable({
  traits,
  reasonHeading,
  marksFull = false,
}: {
  traits: readonly TraitResult[];
  reasonHeading: string;
  marksFull?: boolean;
}) {
  return (
    <table className={styles.table}>
      <thead>
        <tr>
          <th>评分项</th>
          <th>得分</th>
          <th>{reasonHeading}</th>
        </tr>
      </thead>
      <tbody>
        {traits.map((trait) => (
          <tr
            key={trait.trait}
            className={marksFull ? (trait.score === trait.max ? styles.ok : styles.bad) : undefined}
          >
            <td>{traitNames[trait.trait].nameZh}</td>
            <td>
              {trait.score} / {trait.max}
            </td>
            <td>
              {trait.summaryZh}
              {trait.measures.length > 0 && (
                <span className={styles.measures}>
                  {trait.measures
                    .map((measure) => `${measure.labelZh} ${measure.value}`)
                    .join(' · ')}
                </span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
