import styles from '../shared/speaking.module.css';
import { speakingType } from '../shared/speaking-type';

export const ra = speakingType('RA', {
  instruction:
    'Look at the text below. In 40 seconds, you must read this text aloud as naturally and clearly as possible. You have 40 seconds to read aloud.',
  Prompt: ({ content }) => (
    <p className={styles.text} lang="en">
      {content.text}
    </p>
  ),
});
