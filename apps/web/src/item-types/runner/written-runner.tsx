import type {
  AnswerOf,
  ExamedBody,
  ExamedResult,
  ItemDetail,
  PracticeSettings,
  WrittenTypeCode,
} from '@ninety/contract';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { DraftNotice } from '../../components/draft-notice';
import { ScoredAttemptPanel } from './scored-attempt-panel';
import sharedStyles from '../shared/shared.module.css';
import type { ContentOf, WrittenItemType } from '../types';
import { EXAM_TEXT } from './exam-text';
import type { RunnerPolicy } from './policy';
import styles from './runner.module.css';
import { answerSecondsOf, useAnswerClock } from './use-answer-clock';
import { useConfirmWhile } from './use-confirm-while';
import { useAnswerState, type DraftPlace } from './use-answer-state';

export interface WrittenRunnerProps<C extends WrittenTypeCode> {
  item: ItemDetail;
  type: WrittenItemType<C>;
  policy: RunnerPolicy;
  preferences: PracticeSettings;
  /** Stores and scores the answer; null: stored, with no result to show (a mock exam). */
  onSubmit: (body: ExamedBody) => Promise<ExamedResult | null>;
  /** Asked before an answer starts or is sent; false stops (the practice page asks for sign-in). */
  gate?: () => boolean | Promise<boolean>;
  /** The item is over: its answer stored and scored (null for PI, never sent). An exam moves on. */
  onDone?: (result: ExamedResult | null) => void;
  /** The answer clock ran out (the answer is submitted next, when the policy enforces time). */
  onTimeUp?: () => void;
  /** A redo started (practice). */
  onRedo?: () => void;
  /** Beside 提交 before answering, when the policy allows it (查看答案). */
  answerAction?: ReactNode;
  /** The time this item may take when not its own (a mock exam's section); default: the item's. */
  timeLimitSeconds?: number | null;
  draft: DraftPlace;
}

/**
 * A written item: instruction, the type's renderer with the answer, submit (asking first when
 * nothing is answered), the clock, and the score and evidence when the policy shows them.
 */
export function WrittenRunner<C extends WrittenTypeCode>({
  item,
  type,
  policy,
  preferences,
  onSubmit,
  gate,
  onDone,
  onTimeUp,
  onRedo,
  answerAction,
  timeLimitSeconds,
  draft,
}: WrittenRunnerProps<C>) {
  const content = item.content as unknown as ContentOf<C>;
  const answer = useAnswerState<AnswerOf<C>>(draft, () => type.emptyAnswer(content));
  const [scored, setScored] = useState<ExamedResult | null>(null);
  // Sent and stored; an exam's store answers with no result, so this is its own flag.
  const [isSent, setIsSent] = useState(false);
  // One key per submission: a double click or a retried request is stored once.
  const [submissionKey, setSubmissionKey] = useState(() => crypto.randomUUID());
  const submit = useMutation({ mutationFn: onSubmit });
  const limit = timeLimitSeconds === undefined ? answerSecondsOf(type.code) : timeLimitSeconds;
  const secondsLeft = useAnswerClock(answer.startedAt, limit, !isSent);
  const { Renderer } = type;

  const send = () =>
    submit.mutate(
      {
        itemId: item.id,
        answer: answer.answer,
        timeSpentSeconds: Math.round((Date.now() - answer.startedAt) / 1000),
        idempotencyKey: submissionKey,
      },
      {
        onSuccess: (result) => {
          answer.clear();
          setScored(result);
          setIsSent(true);
          onDone?.(result);
        },
      },
    );

  // Its questions belong to the unsent answer: one still open when the time sends it closes.
  const ask = useConfirmWhile(!isSent);

  const onSubmitClick = async () => {
    if (gate && !(await gate())) return;
    // The test's Next: always asked (dismissible), never back; no uses are spent per item.
    if (policy.mode === 'exam') {
      ask({
        title: 'Next',
        content: 'Are you sure you want to move on? You cannot return to this question.',
        okText: 'Yes',
        cancelText: 'No',
        onOk: send,
      });
      return;
    }
    if (type.isAnswered(answer.answer)) return send();
    ask({
      title: '还没有作答',
      content: '提交空白答案会记为 0 分，并消耗一次练习次数。确定提交吗？',
      okText: '提交',
      cancelText: '继续作答',
      onOk: send,
    });
  };

  // Time is up: in an exam the answer goes as it stands, without asking, once.
  const isTimeUp = secondsLeft === 0 && !isSent;
  const hasTimedOut = useRef(false);
  useEffect(() => {
    if (!isTimeUp || hasTimedOut.current) return;
    hasTimedOut.current = true;
    onTimeUp?.();
    if (policy.enforcesTime && !submit.isPending) send();
    // Fires when the clock reaches zero; send reads the answer as it is then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isTimeUp]);

  const redo = () => {
    answer.reset();
    submit.reset();
    setScored(null);
    setIsSent(false);
    setSubmissionKey(crypto.randomUUID());
    hasTimedOut.current = false;
    onRedo?.();
  };

  const result = policy.showsResult ? (scored?.attempt.result ?? null) : null;
  const renderer = (
    <Renderer
      // A redo starts the renderer afresh (audio countdown included).
      key={submissionKey}
      content={content}
      answer={answer.answer}
      onChange={answer.setAnswer}
      result={result}
      secondsLeft={secondsLeft}
    />
  );
  return (
    <>
      <p className={sharedStyles.instruction} lang="en">
        {type.instruction}
      </p>
      {answer.restored &&
        !isSent &&
        (policy.mode === 'exam' ? (
          // The exam's screen is in English; its clock never starts again, so nothing to discard.
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 12 }}
            title={EXAM_TEXT.draftRestored}
          />
        ) : (
          <DraftNotice onDiscard={policy.canRedo ? answer.reset : undefined} />
        ))}
      {policy.showsResult ? (
        renderer
      ) : (
        // Without a result to mark it, a sent answer is closed another way: nothing inside
        // takes a click or a key any more (an exam shows the scores at its end).
        <div inert={isSent}>{renderer}</div>
      )}
      <div className={styles.actions}>
        {isSent ? (
          policy.canRedo ? (
            // Its own key: antd would otherwise carry the submit button's loading state over.
            <Button key="redo" type="primary" onClick={redo}>
              重做
            </Button>
          ) : (
            <span role="status">{policy.mode === 'exam' ? 'Saved' : '已提交'}</span>
          )
        ) : (
          <>
            <Button
              key="submit"
              type="primary"
              loading={submit.isPending}
              onClick={() => void onSubmitClick()}
            >
              {policy.mode === 'exam' ? 'Next' : '提交'}
            </Button>
            {policy.canShowAnswer && answerAction}
          </>
        )}
      </div>
      {scored && policy.showsResult && (
        <ScoredAttemptPanel item={item} scored={scored} preferences={preferences} />
      )}
    </>
  );
}
