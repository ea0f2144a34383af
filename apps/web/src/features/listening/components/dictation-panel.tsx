import {
  LISTENING_DICTATION_MAX_CHARS,
  type ListeningDictationResult,
  type ListeningReviewOutcome,
} from '@ninety/contract';
import { Alert, Button, Input } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { HttpError } from '../../../lib/http';
import { requestLogin } from '../../../lib/login-events';
import { isSignedIn } from '../../../lib/session';
import { useSubmitDictation } from '../api/submit-dictation';
import { ReviewOutcomeNote } from './review-outcome-note';
import styles from './listening.module.css';
import { WordDiff } from './word-diff';

export interface DictationPanelProps {
  materialId: string;
  index: number;
  /** Answering a 今日复习 card: the answer grades it. */
  reviewCardId?: number;
  onAnswered?: (result: ListeningDictationResult) => void;
}

/**
 * 听写: the learner types the sentence; the server diffs it word by word (missing, extra,
 * misspelt, wrong), scores it, and puts the missed words in the word book, which the result says.
 */
export function DictationPanel({
  materialId,
  index,
  reviewCardId,
  onAnswered,
}: DictationPanelProps) {
  const [text, setText] = useState('');
  const submit = useSubmitDictation();
  const result = submit.data;

  const send = () => {
    if (!isSignedIn()) {
      requestLogin();
      return;
    }
    if (submit.isPending) return;
    submit.mutate(
      { materialId, index, text, ...(reviewCardId === undefined ? {} : { reviewCardId }) },
      { onSuccess: (answered) => onAnswered?.(answered) },
    );
  };

  if (result) {
    return (
      <DictationResult
        result={result}
        review={result.review}
        onAgain={() => {
          submit.reset();
          setText('');
        }}
        canRetry={reviewCardId === undefined}
      />
    );
  }

  return (
    <form
      className={styles.modePanel}
      aria-label="听写"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <label htmlFor={`dictation-${materialId}-${index}`} className={styles.modeHint}>
        听完后写下整句（按 Enter 提交；输入框内快捷键不生效，按 Esc 离开输入框）
      </label>
      <Input.TextArea
        id={`dictation-${materialId}-${index}`}
        value={text}
        autoSize={{ minRows: 2, maxRows: 6 }}
        maxLength={LISTENING_DICTATION_MAX_CHARS}
        spellCheck={false}
        autoCorrect="off"
        autoCapitalize="off"
        placeholder="在这里输入你听到的句子"
        aria-label="听写内容"
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            send();
          }
        }}
      />
      {submit.isError &&
        !(submit.error instanceof HttpError && submit.error.kind === 'aborted') && (
          <Alert type="error" showIcon title="提交失败，请稍后再试。" />
        )}
      <div className={styles.modeActions}>
        <Button type="primary" htmlType="submit" loading={submit.isPending} disabled={!text.trim()}>
          提交听写
        </Button>
      </div>
    </form>
  );
}

function DictationResult({
  result,
  review,
  onAgain,
  canRetry,
}: {
  result: ListeningDictationResult;
  review: ListeningReviewOutcome | null;
  onAgain: () => void;
  canRetry: boolean;
}) {
  return (
    <section className={styles.modePanel} aria-label="听写结果">
      <p className={styles.score}>
        得分 <strong>{result.score}</strong> / {result.max}
        <span className={result.passed ? styles.passed : styles.failed}>
          {result.passed ? '全部正确' : '本句已加入复习'}
        </span>
      </p>
      <WordDiff diff={result.diff} />
      <p className={styles.transcript}>
        <span className={styles.modeHint}>原文：</span>
        {result.transcript}
      </p>
      {result.addedToWordBook.length > 0 && (
        <p className={styles.wordBook} role="status">
          已加入生词本：{result.addedToWordBook.join('、')}（
          <Link to="/center">在个人中心查看生词本</Link>）
        </p>
      )}
      {review && <ReviewOutcomeNote outcome={review} />}
      {canRetry && (
        <div className={styles.modeActions}>
          <Button onClick={onAgain}>再写一次</Button>
        </div>
      )}
    </section>
  );
}
