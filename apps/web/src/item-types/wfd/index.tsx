import { countWords } from '@ninety/contract';
import { Input } from 'antd';
import { sanitizeTyped } from '../../lib/typed-text';
import { PromptAudio } from '../shared/prompt-audio';
import styles from '../shared/shared.module.css';
import type { RendererProps, WrittenItemType } from '../types';
import { DictationEvidence } from '../shared/dictation-evidence';

function Renderer({ content, answer, onChange, result }: RendererProps<'WFD'>) {
  return (
    <>
      <PromptAudio
        src={content.audio.src}
        durationSeconds={content.audio.durationSeconds}
        isAnswered={result !== null}
      />
      <Input.TextArea
        className={styles.textArea}
        aria-label="听写句子"
        rows={3}
        value={answer.text}
        disabled={result !== null}
        // The test gives no spell checker; neither do we.
        spellCheck={false}
        autoComplete="off"
        autoCapitalize="off"
        // Spec §5: typed text is sanitised.
        onChange={(event) => onChange({ text: sanitizeTyped(event.target.value) })}
      />
      <p className={styles.wordCount} lang="en">
        Total Word Count: {countWords(answer.text)}
      </p>
    </>
  );
}

export const wfd: WrittenItemType<'WFD'> = {
  code: 'WFD',
  kind: 'written',
  instruction:
    'You will hear a sentence. Type the sentence in the box below exactly as you hear it. Write as much of the sentence as you can. You will hear the sentence only once.',
  emptyAnswer: () => ({ text: '' }),
  isAnswered: (answer) => answer.text.trim() !== '',
  Renderer,
  Evidence: DictationEvidence,
};
