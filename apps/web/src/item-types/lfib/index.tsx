import { findBlanks, type ItemOf } from '@ninety/contract';
import { Input } from 'antd';
import { sanitizeTyped } from '../../lib/typed-text';
import { blankVerdict, passagePieces } from '../shared/blanks';
import { PromptAudio } from '../shared/prompt-audio';
import styles from '../shared/shared.module.css';
import type { RendererProps, WrittenItemType } from '../types';
import { BlanksEvidence } from '../shared/blanks-evidence';

function Renderer({ content, answer, onChange, result }: RendererProps<'LFIB'>) {
  return (
    <>
      <PromptAudio
        src={content.audio.src}
        durationSeconds={content.audio.durationSeconds}
        isAnswered={result !== null}
      />
      <p className={styles.passage}>
        {passagePieces(content.transcript).map((piece, index) => {
          if (piece.kind === 'text')
            return (
              <span key={index} lang="en">
                {piece.text}
              </span>
            );
          const verdict = blankVerdict(result, piece.blank);
          return (
            <span key={index}>
              <Input
                className={styles.blankInput}
                aria-label={`第 ${piece.blank} 空`}
                value={answer.blanks[piece.blank - 1] ?? ''}
                disabled={result !== null}
                status={verdict && !verdict.correct ? 'error' : undefined}
                // The test's typed blanks do not check spelling.
                spellCheck={false}
                autoComplete="off"
                autoCapitalize="off"
                onChange={(event) => {
                  const blanks = [...answer.blanks];
                  // Spec §5: typed text is sanitised.
                  blanks[piece.blank - 1] = sanitizeTyped(event.target.value);
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
    </>
  );
}

export const lfib: WrittenItemType<'LFIB'> = {
  code: 'LFIB',
  kind: 'written',
  instruction: 'You will hear a recording. Type the missing words in each blank.',
  emptyAnswer: (content: ItemOf<'LFIB'>['content']) => ({
    blanks: findBlanks(content.transcript).map(() => ''),
  }),
  isAnswered: (answer) => answer.blanks.some((value) => value.trim() !== ''),
  Renderer,
  Evidence: BlanksEvidence,
};
