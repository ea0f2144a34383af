import type { EvidenceProps } from '../types';
import styles from './result.module.css';

/** WFD: the sentence word by word, missed words in brackets, extra words struck through. */
export function DictationEvidence({ result }: EvidenceProps) {
  if (result.kind !== 'dictation') return null;
  return (
    <p className={styles.diff} aria-label="逐词对照">
      {result.words.map((word, index) => (
        <span key={index} lang="en">
          {word.kind === 'missed' ? (
            <span className={styles.missed}>[{word.text}]</span>
          ) : word.kind === 'extra' ? (
            <del className={styles.extra}>{word.text}</del>
          ) : (
            <span>{word.text}</span>
          )}{' '}
        </span>
      ))}
    </p>
  );
}
