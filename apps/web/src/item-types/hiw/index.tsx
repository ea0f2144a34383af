import { transcriptTokens } from '@ninety/contract';
import { PromptAudio } from '../shared/prompt-audio';
import styles from '../shared/shared.module.css';
import type { RendererProps, WrittenItemType } from '../types';
import { HighlightsEvidence } from '../shared/highlights-evidence';

/** The transcript's words as toggles: click each word that differs from what is said. */
function Renderer({ content, answer, onChange, result }: RendererProps<'HIW'>) {
  const picked = new Set(answer.words);
  const marks = result?.kind === 'highlights' ? result : null;
  const classOf = (index: number) => {
    if (marks?.found.includes(index)) return `${styles.word} ${styles.wordFound}`;
    if (marks?.wrong.includes(index)) return `${styles.word} ${styles.wordWrong}`;
    if (marks?.missed.includes(index)) return `${styles.word} ${styles.wordMissed}`;
    return picked.has(index) ? `${styles.word} ${styles.wordPicked}` : styles.word;
  };
  return (
    <>
      <PromptAudio
        src={content.audio.src}
        durationSeconds={content.audio.durationSeconds}
        isAnswered={result !== null}
      />
      <p className={styles.passage}>
        {transcriptTokens(content.transcript).map((token, index) => (
          <span key={index}>
            <button
              type="button"
              className={classOf(index)}
              lang="en"
              aria-pressed={picked.has(index)}
              disabled={result !== null}
              onClick={() =>
                onChange({
                  words: picked.has(index)
                    ? answer.words.filter((other) => other !== index)
                    : [...answer.words, index],
                })
              }
            >
              {token}
            </button>{' '}
          </span>
        ))}
      </p>
    </>
  );
}

export const hiw: WrittenItemType<'HIW'> = {
  code: 'HIW',
  kind: 'written',
  instruction:
    'You will hear a recording. Below is a transcription of the recording. Some words in the transcription differ from what the speaker said. Please click on the words that are different.',
  emptyAnswer: () => ({ words: [] }),
  isAnswered: (answer) => answer.words.length > 0,
  Renderer,
  Evidence: HighlightsEvidence,
};
