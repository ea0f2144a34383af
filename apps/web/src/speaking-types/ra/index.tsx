import styles from '../shared/speaking.module.css';
import type { SpeakingType } from '../types';

export const ra: SpeakingType<'RA'> = {
  code: 'RA',
  instruction:
    'Look at the text below. In 40 seconds, you must read this text aloud as naturally and clearly as possible. You have 40 seconds to read aloud.',
  Prompt: ({ content }) => <p className={styles.text}>{content.text}</p>,
};
