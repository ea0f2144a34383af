import { findBlanks, type ItemOf } from '@ninety/contract';
import { useState } from 'react';
import { blankVerdict, passagePieces } from '../shared/blanks';
import styles from '../shared/shared.module.css';
import type { RendererProps, WrittenItemType } from '../types';
import { BlanksEvidence } from '../shared/blanks-evidence';

const DRAG_TYPE = 'text/plain';

/**
 * Drag words from the bank into the blanks, as the test does; or click a blank to select it and
 * click a word to put it there (a word with no blank selected goes to the first empty one). A
 * filled blank clicked again gives its word back. Everything is a button, so keys work too.
 */
function Renderer({ content, answer, onChange, result }: RendererProps<'RFIB'>) {
  const [selected, setSelected] = useState<number | null>(null);
  const blanks = answer.blanks;
  const isDone = result !== null;

  const place = (word: string, blank: number) => {
    const next = blanks.map((value) => (value === word ? '' : value));
    next[blank - 1] = word;
    onChange({ blanks: next });
    setSelected(null);
  };
  const pick = (word: string) => {
    const target = selected ?? blanks.findIndex((value) => value === '') + 1;
    if (target > 0) place(word, target);
  };
  const clear = (blank: number) => {
    const next = [...blanks];
    next[blank - 1] = '';
    onChange({ blanks: next });
  };

  return (
    <>
      <p className={styles.passage}>
        {passagePieces(content.passage).map((piece, index) => {
          if (piece.kind === 'text') return <span key={index}>{piece.text}</span>;
          const word = blanks[piece.blank - 1] ?? '';
          const verdict = blankVerdict(result, piece.blank);
          const mark = verdict ? (verdict.correct ? styles.right : styles.wrong) : '';
          return (
            <span key={index}>
              <button
                type="button"
                className={`${styles.slot} ${mark}`}
                aria-label={
                  word ? `第 ${piece.blank} 空：${word}（点击取回）` : `第 ${piece.blank} 空`
                }
                aria-pressed={selected === piece.blank}
                disabled={isDone}
                onClick={() => (word ? clear(piece.blank) : setSelected(piece.blank))}
                onDragOver={(event) => event.preventDefault()}
                onDrop={(event) => {
                  event.preventDefault();
                  const dropped = event.dataTransfer.getData(DRAG_TYPE);
                  if (dropped) place(dropped, piece.blank);
                }}
              >
                {word || '\u00a0'}
              </button>
              {verdict && !verdict.correct && (
                <span className={styles.expected}>✓ {verdict.expected}</span>
              )}
            </span>
          );
        })}
      </p>
      <div className={styles.wordBank} role="group" aria-label="备选词">
        {content.wordBank
          .filter((word) => !blanks.includes(word))
          .map((word) => (
            <button
              key={word}
              type="button"
              className={styles.token}
              draggable={!isDone}
              disabled={isDone}
              onDragStart={(event) => event.dataTransfer.setData(DRAG_TYPE, word)}
              onClick={() => pick(word)}
            >
              {word}
            </button>
          ))}
      </div>
    </>
  );
}

export const rfib: WrittenItemType<'RFIB'> = {
  code: 'RFIB',
  kind: 'written',
  instruction:
    'In the text below some words are missing. Drag words from the box below to the appropriate place in the text. To undo an answer choice, drag the word back to the box below the text.',
  emptyAnswer: (content: ItemOf<'RFIB'>['content']) => ({
    blanks: findBlanks(content.passage).map(() => ''),
  }),
  isAnswered: (answer) => answer.blanks.some((value) => value !== ''),
  Renderer,
  Evidence: BlanksEvidence,
};
