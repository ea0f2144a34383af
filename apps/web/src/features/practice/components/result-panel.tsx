import {
  skillNamesZh,
  SpeakingAnswerSchema,
  transcriptTokens,
  type AttemptResult,
  type ItemAnswer,
  type ItemTypeCode,
  type ObjectiveResult,
  type SpeechResult,
} from '@ninety/contract';
import { estimateItemScore, skillContributions } from '@ninety/scoring';
import { Button } from 'antd';
import { useState } from 'react';
import { useWordColors } from '../api/get-color';
import { SpeechEvidence } from './speech-evidence';
import { WritingEvidence } from './writing-evidence';
import styles from './exercise.module.css';

function Evidence({
  result,
  content,
}: {
  result: ObjectiveResult;
  content: Record<string, unknown>;
}) {
  switch (result.kind) {
    case 'blanks':
      return (
        <table className={styles.table}>
          <thead>
            <tr>
              <th>空</th>
              <th>你的答案</th>
              <th>正确答案</th>
            </tr>
          </thead>
          <tbody>
            {result.blanks.map((blank) => (
              <tr key={blank.blank} className={blank.correct ? styles.ok : styles.bad}>
                <td>{blank.blank}</td>
                <td>{blank.given || '（未作答）'}</td>
                <td>
                  {blank.expected} {blank.correct ? '✓' : '✗'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      );
    case 'choices': {
      const chosen = result.options.filter((option) => option.chosen).map((option) => option.id);
      const correct = result.options.filter((option) => option.correct).map((option) => option.id);
      return (
        <p>
          你的选择：{chosen.join('、') || '（未作答）'}；正确答案：{correct.join('、')}
        </p>
      );
    }
    case 'reorder':
      return (
        <>
          <p>
            正确顺序：
            {[result.pairs[0]?.first, ...result.pairs.map((pair) => pair.second)].join(' → ')}
          </p>
          <ul className={styles.plainList}>
            {result.pairs.map((pair) => (
              <li
                key={`${pair.first}${pair.second}`}
                className={pair.correct ? styles.ok : styles.bad}
              >
                {pair.first} → {pair.second}：{pair.correct ? '排对了 ✓' : '没有排在一起 ✗'}
              </li>
            ))}
          </ul>
        </>
      );
    case 'highlights': {
      const tokens =
        typeof content['transcript'] === 'string' ? transcriptTokens(content['transcript']) : [];
      const words = (indexes: number[]) =>
        indexes.map((index) => tokens[index] ?? `#${index + 1}`).join('、') || '无';
      return (
        <ul className={styles.plainList}>
          <li className={styles.ok}>找对的词：{words(result.found)}</li>
          <li className={styles.bad}>漏掉的词：{words(result.missed)}</li>
          <li className={styles.bad}>选错的词（每个扣 1 分）：{words(result.wrong)}</li>
        </ul>
      );
    }
    case 'dictation':
      return (
        <p className={styles.diff} aria-label="逐词对照">
          {result.words.map((word, index) => (
            <span key={index}>
              {word.kind === 'missed' ? (
                <span className={styles.missed}>[{word.text}]</span>
              ) : word.kind === 'extra' ? (
                <del className={styles.extra}>{word.text}</del>
              ) : (
                <span>{word.text}</span>
              )}{' '}
            </span>
          ))}
        </p>
      );
  }
}

/** The key fields a learner reads after answering: the transcript of a recording, the sentence. */
function KeyText({ answer }: { answer: ItemAnswer }) {
  const transcript = answer.key['transcript'];
  const sentence = answer.key['sentence'];
  const text =
    typeof sentence === 'string' ? sentence : typeof transcript === 'string' ? transcript : null;
  if (!text) return null;
  return (
    <>
      <h3 className={styles.subheading}>{typeof sentence === 'string' ? '原句' : '录音原文'}</h3>
      <p className={styles.keyText}>{text}</p>
    </>
  );
}

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

/** The speaking branch: the colour bands from getColor (spec §7) and the learner's recording. */
function SpeechBranch({
  type,
  result,
  learnerAnswer,
}: {
  type: ItemTypeCode;
  result: SpeechResult;
  learnerAnswer: unknown;
}) {
  const bands = useWordColors();
  const answer = SpeakingAnswerSchema.safeParse(learnerAnswer);
  return (
    <SpeechEvidence
      result={result}
      bands={bands}
      recordingUrl={answer.success ? answer.data.recording.url : null}
      isReference={type === 'RA' || type === 'RS'}
    />
  );
}

export function ResultPanel({
  type,
  result,
  answer,
  content,
  learnerAnswer,
  isKeyShown,
}: {
  type: ItemTypeCode;
  result: AttemptResult;
  answer: ItemAnswer;
  content: Record<string, unknown>;
  /** What the learner sent: the text the writing evidence marks, the recording a word replays. */
  learnerAnswer: unknown;
  /** The learner's setting: the key, sample and 解析 right after submitting, or on request. */
  isKeyShown: boolean;
}) {
  const [isKeyOpen, setIsKeyOpen] = useState(isKeyShown);
  const text =
    typeof learnerAnswer === 'object' && learnerAnswer !== null && 'text' in learnerAnswer
      ? String(learnerAnswer.text)
      : '';
  const sample = answer.key['sampleAnswer'];
  return (
    <section className={styles.result} aria-label="评分结果">
      {result.kind === 'speech' && result.unscored ? (
        <p className={styles.score}>未评分</p>
      ) : (
        <p className={styles.score}>
          得分 <strong>{result.score}</strong> / {result.max}
        </p>
      )}
      <Estimate type={type} result={result} />
      {result.kind === 'speech' ? (
        <SpeechBranch type={type} result={result} learnerAnswer={learnerAnswer} />
      ) : result.kind === 'writing' ? (
        <WritingEvidence
          result={result}
          text={text}
          sampleAnswer={isKeyOpen && typeof sample === 'string' ? sample : null}
        />
      ) : (
        <Evidence result={result} content={content} />
      )}
      {isKeyOpen ? (
        <>
          <KeyText answer={answer} />
          <h3 className={styles.subheading}>解析</h3>
          <p className={styles.explanation}>{answer.explanationZh}</p>
        </>
      ) : (
        <Button className={styles.showKey} onClick={() => setIsKeyOpen(true)}>
          显示原文、范文与解析
        </Button>
      )}
    </section>
  );
}

export function AnswerPanel({ answer }: { answer: ItemAnswer }) {
  const sample = answer.key['sampleAnswer'];
  return (
    <section className={styles.result} aria-label="答案与解析">
      <KeyText answer={answer} />
      {typeof sample === 'string' && (
        <>
          <h3 className={styles.subheading}>范文</h3>
          <p className={styles.keyText}>{sample}</p>
        </>
      )}
      <h3 className={styles.subheading}>解析</h3>
      <p className={styles.explanation}>{answer.explanationZh}</p>
    </section>
  );
}
