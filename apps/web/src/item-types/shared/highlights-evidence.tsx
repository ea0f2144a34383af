import { transcriptTokens } from '@ninety/contract';
import type { EvidenceProps } from '../types';
import styles from './result.module.css';

/** HIW: the words found, missed and wrongly picked, read from the transcript shown. */
export function HighlightsEvidence({ result, content }: EvidenceProps) {
  if (result.kind !== 'highlights') return null;
  const tokens =
    typeof content['transcript'] === 'string' ? transcriptTokens(content['transcript']) : [];
  const words = (indexes: number[]) =>
    indexes.map((index) => tokens[index] ?? `#${index + 1}`).join('、') || '无';
  return (
    <ul className={styles.plainList}>
      <li className={styles.ok}>找对的词：{words(result.found)}</li>
      <li className={styles.bad}>漏掉的词：{words(result.missed)}</li>
      <li className={styles.bad}>选错的词（每个扣 1 分）：{words(result.wrong)}</li>
    </ul>
  );
}
