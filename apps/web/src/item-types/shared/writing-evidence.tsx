import { traitNames, type TextMark, type WritingResult } from '@ninety/contract';
import { Tooltip } from 'antd';
import { TraitTable } from './trait-table';
import type { EvidenceProps } from '../types';
import styles from './result.module.css';

/** The learner's own text with each marked stretch underlined and explained on hover or focus. */
function MarkedText({ text, marks }: { text: string; marks: readonly TextMark[] }) {
  const ordered = [...marks].sort((a, b) => a.start - b.start || b.end - a.end);
  const parts: React.ReactNode[] = [];
  let at = 0;
  for (const mark of ordered) {
    // Overlapping findings: the first one shown keeps the span.
    if (mark.start < at || mark.end > text.length) continue;
    parts.push(text.slice(at, mark.start));
    parts.push(
      <Tooltip
        key={`${mark.start}-${mark.end}`}
        title={`${mark.messageZh}${mark.suggestion ? `（建议：${mark.suggestion}）` : ''}`}
      >
        <mark className={styles.mark} tabIndex={0}>
          {text.slice(mark.start, mark.end)}
        </mark>
      </Tooltip>,
    );
    at = mark.end;
  }
  parts.push(text.slice(at));
  return (
    <p className={styles.keyText} lang="en">
      {parts}
    </p>
  );
}

/**
 * A writing result: each trait with its score and why, the marks on the learner's words (spelling,
 * grammar, wording, form), the key points covered and missed, and the sample answer.
 */
export function WritingEvidence({
  result,
  text,
  sampleAnswer,
}: {
  result: WritingResult;
  text: string;
  sampleAnswer: string | null;
}) {
  const errorMarks = result.traits
    .filter((trait) => trait.trait !== 'content')
    .flatMap((trait) => trait.marks);
  const content = result.traits.find((trait) => trait.trait === 'content');
  return (
    <>
      {result.gatedBy && (
        <p className={styles.bad}>
          {traitNames[result.gatedBy].nameZh}得 0 分，按评分规则整题记 0 分（其余各项仅供参考）。
        </p>
      )}
      <TraitTable traits={result.traits} reasonHeading="依据" marksFull />
      <h3 className={styles.subheading}>你的作答（{result.wordCount} 词）</h3>
      <MarkedText text={text} marks={errorMarks} />
      {errorMarks.length > 0 && (
        <ul className={styles.plainList} aria-label="问题列表">
          {errorMarks.map((mark) => (
            <li key={`${mark.start}-${mark.end}-${mark.messageZh}`}>
              <strong>{mark.text.length > 40 ? `${mark.text.slice(0, 40)}…` : mark.text}</strong>：
              {mark.messageZh}
              {mark.suggestion ? `（建议：${mark.suggestion}）` : ''}
            </li>
          ))}
        </ul>
      )}
      {content?.keyPoints && (
        <>
          <h3 className={styles.subheading}>要点</h3>
          <ul className={styles.plainList} aria-label="要点覆盖">
            {content.keyPoints.map((point) => (
              <li key={point.point} className={point.covered ? styles.ok : styles.bad}>
                {point.covered ? '✓' : '✗'} {point.point}
                {point.matched ? `（你写了 “${point.matched}”）` : ''}
              </li>
            ))}
          </ul>
        </>
      )}
      {sampleAnswer && (
        <>
          <h3 className={styles.subheading}>范文</h3>
          <p className={styles.keyText} lang="en">
            {sampleAnswer}
          </p>
        </>
      )}
    </>
  );
}

/** The writing types' evidence view (SWT, WE, SST): the text the learner sent, marked. */
export function WritingResultEvidence({ result, learnerAnswer, sampleAnswer }: EvidenceProps) {
  if (result.kind !== 'writing') return null;
  const text =
    typeof learnerAnswer === 'object' && learnerAnswer !== null && 'text' in learnerAnswer
      ? String(learnerAnswer.text)
      : '';
  return <WritingEvidence result={result} text={text} sampleAnswer={sampleAnswer} />;
}
