import styles from '../shared/speaking.module.css';
import { speakingType } from '../shared/speaking-type';

export const rts = speakingType('RTS', {
  instruction:
    'Listen to and read a description of a situation. You will have 10 seconds to think about your answer. Then you will hear a beep. You will have 40 seconds to answer the question. Please answer as completely as you can.',
  Prompt: ({ content }) => (
    <p className={styles.text} lang="en">
      {content.situation}
    </p>
  ),
});
