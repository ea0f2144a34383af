import { useRunnerPolicy } from '../runner/policy';
import styles from '../shared/speaking.module.css';
import { speakingType } from '../shared/speaking-type';

/** Practice's hint in Chinese; the exam's screen is English and shows only the instruction. */
function SgdPrompt() {
  const isExam = useRunnerPolicy().mode === 'exam';
  if (isExam) return null;
  return (
    <p className={styles.note}>录音中有三位发言人（A、B、C），请概括整段讨论的要点和各方观点。</p>
  );
}

export const sgd = speakingType('SGD', {
  instruction:
    'You will hear three people having a discussion. When you hear the beep, summarize the whole discussion. You will have 10 seconds to prepare and 2 minutes to give your response.',
  Prompt: SgdPrompt,
});
