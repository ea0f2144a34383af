import { WritingBox } from '../shared/writing-box';
import styles from '../shared/shared.module.css';
import type { RendererProps, WrittenItemType } from '../types';
import { WritingResultEvidence } from '../shared/writing-evidence';

function Renderer({ content, answer, onChange, result, secondsLeft }: RendererProps<'WE'>) {
  return (
    <>
      <p className={styles.question} lang="en">
        {content.prompt}
      </p>
      <WritingBox
        label="作文"
        rows={14}
        value={answer.text}
        onChange={(text) => onChange({ text })}
        isScored={result !== null}
        secondsLeft={secondsLeft}
      />
    </>
  );
}

export const we: WrittenItemType<'WE'> = {
  code: 'WE',
  kind: 'written',
  instruction:
    'You will have 20 minutes to plan, write and revise an essay about the topic below. Your response will be judged on how well you develop a position, organize your ideas, present supporting details, and control the elements of standard written English. You should write 200-300 words.',
  emptyAnswer: () => ({ text: '' }),
  isAnswered: (answer) => answer.text.trim() !== '',
  Renderer,
  Evidence: WritingResultEvidence,
};
