import { Fragment } from 'react';
import type { ListeningDiffKind, ListeningDiffToken } from '@ninety/contract';
import styles from './listening.module.css';

const KIND_ZH: Record<ListeningDiffKind, string> = {
  correct: '正确',
  missing: '漏写',
  extra: '多写',
  misspelt: '拼错',
  wrong: '写错词',
};

/** How a token reads to a screen reader: the verdict and both words where there are two. */
function describe(token: ListeningDiffToken): string {
  switch (token.kind) {
    case 'correct':
      return token.expected ?? '';
    case 'missing':
      return `漏写：${token.expected ?? ''}`;
    case 'extra':
      return `多写：${token.written ?? ''}`;
    case 'misspelt':
    case 'wrong':
      return `${KIND_ZH[token.kind]}：写成 ${token.written ?? ''}，应为 ${token.expected ?? ''}`;
  }
}

/**
 * The dictation's word diff from the server, in reading order: correct words plain, missing words
 * in brackets, extra words struck through, misspelt and wrong words as written (struck) with the
 * transcript's word above them. Colour is never the only sign (brackets, strike, labels).
 */
export function WordDiff({ diff }: { diff: readonly ListeningDiffToken[] }) {
  const counts = diff.reduce<Partial<Record<ListeningDiffKind, number>>>((total, token) => {
    total[token.kind] = (total[token.kind] ?? 0) + 1;
    return total;
  }, {});
  const mistakes = (['missing', 'misspelt', 'wrong', 'extra'] as const).filter(
    (kind) => (counts[kind] ?? 0) > 0,
  );

  return (
    <div className={styles.diffBlock}>
      <p className={styles.diff} aria-label="逐词对照">
        {diff.map((token, index) => (
          // A real space between words, so the diff reads and copies as a sentence.
          <Fragment key={index}>
            {index > 0 && ' '}
            <span
              className={`${styles.token} ${styles[token.kind]}`}
              data-kind={token.kind}
              title={describe(token)}
            >
              {token.kind === 'missing' ? (
                <span aria-label={describe(token)}>[{token.expected}]</span>
              ) : token.kind === 'extra' ? (
                <del aria-label={describe(token)}>{token.written}</del>
              ) : token.kind === 'correct' ? (
                token.expected
              ) : (
                <ruby aria-label={describe(token)}>
                  <del>{token.written}</del>
                  <rt>{token.expected}</rt>
                </ruby>
              )}
            </span>
          </Fragment>
        ))}
      </p>
      <ul className={styles.legend} aria-label="错误统计">
        {mistakes.length === 0 ? (
          <li className={styles.correct}>全部正确</li>
        ) : (
          mistakes.map((kind) => (
            <li key={kind} className={styles[kind]}>
              {KIND_ZH[kind]} {counts[kind]} 个
            </li>
          ))
        )}
      </ul>
    </div>
  );
}
