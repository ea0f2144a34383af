import { WritingBox } from '../shared/writing-box';
import styles from '../shared/shared.module.css';
import type { QuestionType, RendererProps } from '../types';

function Renderer({ content, answer, onChange, result }: RendererProps<'WE'>) {
  return (
    <>
      <p className={styles.question}>{content.prompt}</p>
      <WritingBox
        label="作文"
        rows={14}
        type="WE"
        value={answer.text}
        onChange={(text) => onChange({ text })}
        isScored={result !== null}
      />
    </>
  );
}

export const we: QuestionType<'WE'> = {
  code: 'WE',
  instruction:
    'You will have 20 minutes to plan, write and revise an essay about the topic below. Your response will be judged on how well you develop a position, organize your ideas, present supporting details, and control the elements of standard written English. You should write 200-300 words.',
  emptyAnswer: () => ({ text: '' }),
  isAnswered: (answer) => answer.text.trim() !== '',
  Renderer,
};
