import type { ItemOf } from '@ninety/contract';
import { Select } from 'antd';
import { blankVerdict, passagePieces } from '../shared/blanks';
import styles from '../shared/shared.module.css';
import type { RendererProps, WrittenItemType } from '../types';
import { BlanksEvidence } from '../shared/blanks-evidence';

function Renderer({ content, answer, onChange, result }: RendererProps<'RWFIB'>) {
  const optionsOf = (blank: number) =>
    content.blanks.find((entry) => entry.blank === blank)?.options ?? [];
  return (
    <p className={styles.passage}>
      {passagePieces(content.passage).map((piece, index) => {
        if (piece.kind === 'text')
          return (
            <span key={index} lang="en">
              {piece.text}
            </span>
          );
        const verdict = blankVerdict(result, piece.blank);
        return (
          <span key={index}>
            <Select
              className={styles.blankSelect}
              aria-label={`第 ${piece.blank} 空`}
              value={answer.blanks[piece.blank - 1] || undefined}
              placeholder={`(${piece.blank})`}
              disabled={result !== null}
              status={verdict && !verdict.correct ? 'error' : undefined}
              options={optionsOf(piece.blank).map((option) => ({
                value: option,
                label: <span lang="en">{option}</span>,
                // The tooltip antd takes from a plain-text label.
                title: option,
              }))}
              // The choices are English words: the list (and antd's hidden listbox a screen reader
              // reads the active option from) is marked as English (issue 23, WCAG 3.1.2).
              popupRender={(menu) => <div lang="en">{menu}</div>}
              onChange={(value: string) => {
                const blanks = [...answer.blanks];
                blanks[piece.blank - 1] = value;
                onChange({ blanks });
              }}
            />
            {verdict && !verdict.correct && (
              <span className={styles.expected}>✓ {verdict.expected}</span>
            )}
          </span>
        );
      })}
    </p>
  );
}

export const rwfib: WrittenItemType<'RWFIB'> = {
  code: 'RWFIB',
  kind: 'written',
  instruction:
    'Below is a text with blanks. Click on each blank, a list of choices will appear. Select the appropriate answer choice for each blank.',
  emptyAnswer: (content: ItemOf<'RWFIB'>['content']) => ({
    blanks: content.blanks.map(() => ''),
  }),
  isAnswered: (answer) => answer.blanks.some((value) => value !== ''),
  Renderer,
  Evidence: BlanksEvidence,
};
