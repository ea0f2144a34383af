import { labelBlankMarkers, type ItemAnswer } from '@ninety/contract';
import styles from './result.module.css';

/**
 * The item's 解析. The bank's explanations of blank items point at a blank as `{{n}}`, as the
 * passage marks it: a learner reads that as 【第 n 空】.
 */
export function Explanation({ text }: { text: string }) {
  return (
    <p className={styles.explanation}>{labelBlankMarkers(text, (blank) => `【第 ${blank} 空】`)}</p>
  );
}

/** The key fields a learner reads after answering: the transcript of a recording, the sentence. */
export function KeyText({ answer }: { answer: ItemAnswer }) {
  const transcript = answer.key['transcript'];
  const sentence = answer.key['sentence'];
  const text =
    typeof sentence === 'string' ? sentence : typeof transcript === 'string' ? transcript : null;
  if (!text) return null;
  return (
    <>
      <h3 className={styles.subheading}>{typeof sentence === 'string' ? '原句' : '录音原文'}</h3>
      <p className={styles.keyText} lang="en">
        {text}
      </p>
    </>
  );
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/**
 * The answers of an objective key, as a learner reads them (issue 17: 查看答案 showed only the
 * 解析): each blank's word, the correct options, the paragraphs' order, the changed words.
 */
export function keyAnswerLines(key: Record<string, unknown>): string[] {
  const { answers, correct, order, changes } = key;
  if (Array.isArray(answers))
    return answers
      .filter(isRecord)
      .map((entry) => `【第 ${String(entry['blank'])} 空】${String(entry['answer'])}`);
  if (Array.isArray(correct)) return [`正确选项：${correct.map(String).join('、')}`];
  if (Array.isArray(order)) return [`正确顺序：${order.map(String).join(' → ')}`];
  if (Array.isArray(changes))
    return changes
      .filter(isRecord)
      .map((entry) => `第 ${Number(entry['index']) + 1} 个词，录音中是 ${String(entry['spoken'])}`);
  return [];
}

function KeyAnswers({ answer }: { answer: ItemAnswer }) {
  const lines = keyAnswerLines(answer.key);
  if (lines.length === 0) return null;
  return (
    <>
      <h3 className={styles.subheading}>答案</h3>
      <ul className={styles.plainList} aria-label="答案">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </>
  );
}

/** The key, sample answer and 解析 on their own, asked for before answering (查看答案). */
export function AnswerPanel({ answer }: { answer: ItemAnswer }) {
  const sample = answer.key['sampleAnswer'];
  return (
    <section className={styles.result} aria-label="答案与解析">
      <h2 className={styles.heading}>答案与解析</h2>
      <KeyAnswers answer={answer} />
      <KeyText answer={answer} />
      {typeof sample === 'string' && (
        <>
          <h3 className={styles.subheading}>范文</h3>
          <p className={styles.keyText} lang="en">
            {sample}
          </p>
        </>
      )}
      <h3 className={styles.subheading}>解析</h3>
      <Explanation text={answer.explanationZh} />
    </section>
  );
}
