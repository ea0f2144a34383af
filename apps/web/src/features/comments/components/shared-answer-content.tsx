import type { SharedAnswer } from '@ninety/contract';
import styles from './comments.module.css';

/**
 * A shared answer's score, answer and comment. Everything is rendered as React text, so a comment
 * or nickname that looks like HTML shows as the characters typed and never as markup.
 */
export function SharedAnswerContent({ share }: { share: SharedAnswer }) {
  return (
    <>
      <p className={styles.score}>
        得分 <strong>{share.score}</strong> / {share.max}
      </p>
      <p className={styles.label}>作答</p>
      <ul className={styles.answer} aria-label="作答">
        {share.answerLines.map((line, index) => (
          <li key={index}>{line}</li>
        ))}
      </ul>
      {share.content && (
        <>
          <p className={styles.label}>留言</p>
          <p className={styles.comment}>{share.content}</p>
        </>
      )}
    </>
  );
}
