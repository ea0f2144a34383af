import {
  skillNamesZh,
  type AttemptResult,
  type ExamedResult,
  type ItemDetail,
  type PracticeSettings,
  type ItemAnswer,
  type ItemTypeCode,
} from '@ninety/contract';
import { estimateItemScore, skillContributions } from '@ninety/scoring';
import { Button } from 'antd';
import { useEffect, useRef, useState, type Ref } from 'react';
import { announce, focusHeading } from '../../lib/announce';
import { useItemType } from '../registry';
import type { EvidenceProps } from '../types';
import { Explanation, KeyText } from './answer-panel';
import styles from './result.module.css';

// The key on its own (查看答案) is in answer-panel.tsx, which the exercise loads with the item;
// this panel (with the score estimate and its scoring profiles) only after a submit (issue 23).
export { AnswerPanel, KeyText, keyAnswerLines } from './answer-panel';

/** 估分: the item's 10–90 practice estimate and the skills it counts toward. */
function Estimate({ type, result }: { type: ItemTypeCode; result: AttemptResult }) {
  if (result.kind === 'speech' && result.unscored) return null;
  const skills = skillContributions(type, result.score, result.max);
  const estimate =
    result.kind === 'speech' ? result.estimate : estimateItemScore(result.score, result.max);
  return (
    <p className={styles.estimate} aria-label="估分">
      估分 {estimate} / 90
      {skills.length > 0 && ` · 计入${skills.map((entry) => skillNamesZh[entry.skill]).join('、')}`}
      <span className={styles.measures}>
        {result.kind === 'speech'
          ? '由录音自动评估的练习估分（按内容、发音、流利度加权），仅供练习参考，不等同于官方成绩。'
          : '按本题得分比例折算的练习估分，不等同于官方成绩。'}
      </span>
    </p>
  );
}

/** The type's own evidence view; its module is the one the item was answered with. */
function TypeEvidence(props: EvidenceProps) {
  const type = useItemType(props.type);
  return type && <type.Evidence {...props} />;
}

export function ResultPanel({
  type,
  result,
  answer,
  content,
  learnerAnswer,
  isKeyShown,
  headingRef,
}: {
  type: ItemTypeCode;
  result: AttemptResult;
  answer: ItemAnswer;
  content: Record<string, unknown>;
  /** What the learner sent: the text the writing evidence marks, the recording a word replays. */
  learnerAnswer: unknown;
  /** The learner's setting: the key, sample and 解析 right after submitting, or on request. */
  isKeyShown: boolean;
  /** The panel's heading, which a fresh result focuses. */
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const [isKeyOpen, setIsKeyOpen] = useState(isKeyShown);
  const sample = answer.key['sampleAnswer'];
  return (
    <section className={styles.result} aria-label="评分结果">
      {/* An h2 under the page's h1 (issue 23: the panel jumped from h1 to h3). */}
      <h2 className={styles.heading} ref={headingRef} tabIndex={-1}>
        评分结果
      </h2>
      {result.kind === 'speech' && result.unscored ? (
        <p className={styles.score}>未评分</p>
      ) : (
        <p className={styles.score}>
          得分 <strong>{result.score}</strong> / {result.max}
        </p>
      )}
      <Estimate type={type} result={result} />
      {/* Each type shows its own evidence (blanks, choices, marked writing, coloured words…). */}
      <TypeEvidence
        type={type}
        result={result}
        content={content}
        learnerAnswer={learnerAnswer}
        sampleAnswer={isKeyOpen && typeof sample === 'string' ? sample : null}
      />
      {isKeyOpen ? (
        <>
          <KeyText answer={answer} />
          <h3 className={styles.subheading}>解析</h3>
          <Explanation text={answer.explanationZh} />
        </>
      ) : (
        <Button className={styles.showKey} onClick={() => setIsKeyOpen(true)}>
          显示原文、范文与解析
        </Button>
      )}
    </section>
  );
}

/** A stored attempt's result on its item, the key open at once when the learner's setting says. */
export function ScoredAttemptPanel({
  item,
  scored,
  preferences,
}: {
  item: ItemDetail;
  scored: ExamedResult;
  preferences: PracticeSettings;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { result } = scored.attempt;
  // A result has just arrived: the keyboard and the screen reader go to it (issue 23), rather
  // than focus falling to <body> when 提交 turns into 重做.
  useEffect(() => {
    focusHeading(headingRef.current);
    announce(
      result.kind === 'speech' && result.unscored
        ? '已提交，未评分'
        : `已提交，得分 ${result.score} / ${result.max}`,
    );
  }, [result]);
  return (
    <ResultPanel
      headingRef={headingRef}
      type={item.type}
      learnerAnswer={scored.attempt.answer}
      result={scored.attempt.result}
      answer={scored.answer}
      content={item.content}
      isKeyShown={preferences.answerDisplay === 'afterSubmit'}
    />
  );
}
