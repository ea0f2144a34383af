import { findBlanks, type ItemOf } from '@ninety/contract';
import { useLayoutEffect, useRef, useState } from 'react';
import { announce } from '../../lib/announce';
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

  // After a placement focus goes to the next empty blank (the word's button is gone), after a
  // blank is emptied it stays there (issue 23: focus fell to <body>).
  const rootRef = useRef<HTMLDivElement>(null);
  const focusBlank = useRef<number | null>(null);
  useLayoutEffect(() => {
    const blank = focusBlank.current;
    if (blank === null || !rootRef.current) return;
    focusBlank.current = null;
    rootRef.current.querySelector<HTMLButtonElement>(`button[data-blank="${blank}"]`)?.focus();
  }, [blanks]);

  const place = (word: string, blank: number) => {
    const next = blanks.map((value) => (value === word ? '' : value));
    next[blank - 1] = word;
    const after = next.findIndex((value, index) => value === '' && index >= blank);
    const firstEmpty = next.findIndex((value) => value === '');
    focusBlank.current = (after >= 0 ? after : firstEmpty >= 0 ? firstEmpty : blank - 1) + 1;
    announce(`“${word}”已放入第 ${blank} 空`);
    onChange({ blanks: next });
    setSelected(null);
  };
  const pick = (word: string) => {
    const target = selected ?? blanks.findIndex((value) => value === '') + 1;
    if (target > 0) place(word, target);
  };
  const clear = (blank: number) => {
    const next = [...blanks];
    announce(`第 ${blank} 空已清空，“${next[blank - 1]}”回到备选词`);
    focusBlank.current = blank;
    next[blank - 1] = '';
    onChange({ blanks: next });
  };

  return (
    <div ref={rootRef}>
      <p className={styles.passage}>
        {passagePieces(content.passage).map((piece, index) => {
          if (piece.kind === 'text')
            return (
              <span key={index} lang="en">
                {piece.text}
              </span>
            );
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
                data-blank={piece.blank}
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
              lang="en"
              draggable={!isDone}
              disabled={isDone}
              onDragStart={(event) => event.dataTransfer.setData(DRAG_TYPE, word)}
              onClick={() => pick(word)}
            >
              {word}
            </button>
          ))}
      </div>
    </div>
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
