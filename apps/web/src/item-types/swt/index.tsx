import { WritingBox } from '../shared/writing-box';
import styles from '../shared/shared.module.css';
import type { RendererProps, WrittenItemType } from '../types';
import { WritingResultEvidence } from '../shared/writing-evidence';

function Renderer({ content, answer, onChange, result, secondsLeft }: RendererProps<'SWT'>) {
  return (
    <>
      <p className={styles.passage} lang="en">
        {content.passage}
      </p>
      <WritingBox
        label="一句话总结"
        rows={4}
        value={answer.text}
        onChange={(text) => onChange({ text })}
        isScored={result !== null}
        secondsLeft={secondsLeft}
      />
    </>
  );
}

export const swt: WrittenItemType<'SWT'> = {
  code: 'SWT',
  kind: 'written',
  instruction:
    'Read the passage below and summarize it using one sentence. Type your response in the box at the bottom of the screen. You have 10 minutes to finish this task. Your response will be judged on the quality of your writing and on how well your response presents the key points in the passage.',
  emptyAnswer: () => ({ text: '' }),
  isAnswered: (answer) => answer.text.trim() !== '',
  Renderer,
  Evidence: WritingResultEvidence,
};
