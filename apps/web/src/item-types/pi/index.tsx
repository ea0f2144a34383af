import styles from '../shared/speaking.module.css';
import { speakingType } from '../shared/speaking-type';

export const pi = speakingType('PI', {
  instruction:
    'Read the prompt below. In 25 seconds, you must reply in your own words, as naturally and clearly as possible. You have 30 seconds to record your response.',
  Prompt: ({ content }) => (
    <p className={styles.text} lang="en">
      {content.prompt}
    </p>
  ),
});
