import { itemTypes, type MockItemAnalysis, type WrittenTypeCode } from '@ninety/contract';
import { Alert, Tag } from 'antd';
import { Link } from 'react-router';
import {
  AnswerPanel,
  itemKindOf,
  ResultPanel,
  useItemType,
  type WrittenItemType,
} from '../../../item-types';
import { minutesText } from './report-parts';
import { analysisPath } from './mock-report-view';
import styles from './report.module.css';

const noop = () => undefined;

/** The item as it was shown in the exam: a written type with the learner's answer, read only. */
function ItemAsShown({ analysis }: { analysis: MockItemAnalysis }) {
  // The item's type is its own chunk (issue 23): nothing until it is in.
  const type = useItemType(analysis.type);
  if (!type) return null;
  if (type.kind === 'speaking') {
    const { Prompt } = type;
    return <Prompt content={analysis.content as never} />;
  }
  const written = type as WrittenItemType<WrittenTypeCode>;
  const { Renderer } = written;
  const content = analysis.content as never;
  const answer = (analysis.learnerAnswer ?? written.emptyAnswer(content)) as never;
  return (
    <div inert>
      <Renderer
        content={content}
        answer={answer}
        onChange={noop}
        result={analysis.result}
        secondsLeft={null}
      />
    </div>
  );
}

/**
 * One item of a mock (public): the item, its evidence view, key, sample answer and 解析, the
 * learner's answer (the recording for the owner only), previous / next across the paper.
 */
export function MockAnalysisView({ analysis }: { analysis: MockItemAnalysis }) {
  const info = itemTypes[analysis.type];
  const nav = (
    <nav className={styles.analysisNav} aria-label="上一题 / 下一题">
      {analysis.previousIndex === null ? (
        <span />
      ) : (
        <Link to={analysisPath(analysis.paperId, analysis.previousIndex)}>上一题</Link>
      )}
      <Link to={`/mock/report/${analysis.paperId}`}>返回报告</Link>
      {analysis.nextIndex === null ? (
        <span />
      ) : (
        <Link to={analysisPath(analysis.paperId, analysis.nextIndex)}>下一题</Link>
      )}
    </nav>
  );
  // The speech evidence replays words from the recording: only the owner gets it.
  const learnerAnswer = analysis.recording
    ? { recording: analysis.recording }
    : analysis.learnerAnswer;
  return (
    <div className={styles.report}>
      {nav}
      <section className={styles.card} aria-label="题目">
        <p className={styles.label}>
          <span>
            第 {analysis.index + 1} / {analysis.itemCount} 题
          </span>
          <span>
            {info.nameZh}（{analysis.type}）
          </span>
          <span>用时 {minutesText(analysis.timeSpentSeconds)}</span>
          {analysis.score !== null && analysis.max !== null && (
            <Tag color="blue">
              得分 {analysis.score} / {analysis.max}
            </Tag>
          )}
        </p>
        <ItemAsShown analysis={analysis} />
      </section>
      {analysis.recording && (
        <section className={styles.card} aria-label="我的录音">
          <h2>我的录音</h2>
          <audio src={analysis.recording.url} controls aria-label="回放我的录音" />
        </section>
      )}
      {!analysis.isOwner && itemKindOf(analysis.type) === 'speaking' && (
        <p className={styles.label}>录音只对考生本人可见。</p>
      )}
      {analysis.status === 'unanswered' && <Alert type="info" showIcon title="本题未作答" />}
      {analysis.status === 'unscored' && (
        <Alert type="warning" showIcon title="本题未能评分" description={analysis.reasonZh} />
      )}
      {analysis.status === 'scoring' && <Alert type="info" showIcon title="本题正在评分" />}
      {analysis.result ? (
        <ResultPanel
          type={analysis.type}
          result={analysis.result}
          answer={analysis.answer}
          content={analysis.content}
          learnerAnswer={learnerAnswer}
          isKeyShown
        />
      ) : (
        <AnswerPanel answer={analysis.answer} />
      )}
      {nav}
    </div>
  );
}
