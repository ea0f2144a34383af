import {
  DEFAULT_PRACTICE_SETTINGS,
  isWrittenType,
  type AnswerOf,
  type ExamedResult,
  type ItemDetail,
  type PracticeSettings,
  type WrittenTypeCode,
} from '@ninety/contract';
import { Button, Modal } from 'antd';
import { useState } from 'react';
import { formatCount } from '../../../lib/format';
import { requestLogin } from '../../../lib/login-events';
import { isSignedIn } from '../../../lib/session';
import { PracticePreferencesContext } from '../../../question-types/shared/practice-preferences';
import { questionTypeOf } from '../../../question-types/registry';
import type { QuestionType } from '../../../question-types/types';
import sharedStyles from '../../../question-types/shared/shared.module.css';
import { useItemAnswer } from '../api/get-item-answer';
import { useSubmitAttempt } from '../api/submit-attempt';
import { AttemptHistoryList } from './attempt-history-list';
import { SpeakingExercise } from './speaking-exercise';
import styles from './exercise.module.css';
import { AnswerPanel, ResultPanel } from './result-panel';

function Exercise<C extends WrittenTypeCode>({
  detail,
  questionType,
  preferences,
  onScored,
}: {
  detail: ItemDetail;
  questionType: QuestionType<C>;
  preferences: PracticeSettings;
  onScored?: () => void;
}) {
  const content = detail.content as unknown as Parameters<QuestionType<C>['emptyAnswer']>[0];
  const [answer, setAnswer] = useState<AnswerOf<C>>(() => questionType.emptyAnswer(content));
  const [scored, setScored] = useState<ExamedResult | null>(null);
  const [isShowingAnswer, setIsShowingAnswer] = useState(false);
  // One key per submission: a double click or a retried request is stored once.
  const [submissionKey, setSubmissionKey] = useState(() => crypto.randomUUID());
  const [startedAt, setStartedAt] = useState(() => Date.now());
  const submit = useSubmitAttempt();
  const shownAnswer = useItemAnswer(detail.id, isShowingAnswer && scored === null);
  const { Renderer } = questionType;

  const send = () =>
    submit.mutate(
      {
        itemId: detail.id,
        answer,
        timeSpentSeconds: Math.round((Date.now() - startedAt) / 1000),
        idempotencyKey: submissionKey,
      },
      {
        onSuccess: (result) => {
          setScored(result);
          onScored?.();
        },
      },
    );
  const onSubmit = () => {
    if (!isSignedIn()) return requestLogin();
    if (questionType.isAnswered(answer)) return send();
    Modal.confirm({
      title: '还没有作答',
      content: '提交空白答案会记为 0 分，并消耗一次练习次数。确定提交吗？',
      okText: '提交',
      cancelText: '继续作答',
      onOk: send,
    });
  };
  const redo = () => {
    setAnswer(questionType.emptyAnswer(content));
    setScored(null);
    setIsShowingAnswer(false);
    setSubmissionKey(crypto.randomUUID());
    setStartedAt(Date.now());
  };

  return (
    <PracticePreferencesContext.Provider value={preferences}>
      <div className={styles.card}>
        <p className={styles.meta}>
          <span>
            #{detail.number} {detail.title}
          </span>
          <span>练习 {formatCount(detail.practiceCount)}</span>
        </p>
        <p className={sharedStyles.instruction}>{questionType.instruction}</p>
        <Renderer
          // A redo starts the renderer afresh (audio countdown included).
          key={submissionKey}
          content={content}
          answer={answer}
          onChange={setAnswer}
          result={scored?.attempt.result ?? null}
        />
        <div className={styles.actions}>
          {scored ? (
            // Its own key: antd would otherwise carry the submit button's loading state over.
            <Button key="redo" type="primary" onClick={redo}>
              重做
            </Button>
          ) : (
            <>
              <Button key="submit" type="primary" loading={submit.isPending} onClick={onSubmit}>
                提交
              </Button>
              <Button
                onClick={() =>
                  isSignedIn() ? setIsShowingAnswer((shown) => !shown) : requestLogin()
                }
              >
                {isShowingAnswer ? '隐藏答案' : '查看答案'}
              </Button>
            </>
          )}
        </div>
        {scored && (
          <ResultPanel
            type={questionType.code}
            learnerAnswer={scored.attempt.answer}
            result={scored.attempt.result}
            answer={scored.answer}
            content={detail.content}
            isKeyShown={preferences.answerDisplay === 'afterSubmit'}
          />
        )}
        {!scored && isShowingAnswer && shownAnswer.data && (
          <AnswerPanel answer={shownAnswer.data} />
        )}
        {isSignedIn() && <AttemptHistoryList itemId={detail.id} />}
      </div>
    </PracticePreferencesContext.Provider>
  );
}

/**
 * The exercise for one item: its type's renderer, submit, the server's score and evidence.
 * `preferences` are the learner's practice settings (speed, auto-play, when the key shows).
 */
export function ExerciseView({
  detail,
  preferences = DEFAULT_PRACTICE_SETTINGS,
  onScored,
}: {
  detail: ItemDetail;
  preferences?: PracticeSettings;
  /** Called once per stored attempt (the page counts the practice, spec §7 saveTimedOrCount). */
  onScored?: () => void;
}) {
  const code = detail.type;
  const questionType = isWrittenType(code) ? questionTypeOf(code) : undefined;
  if (!questionType) {
    // The eight speaking types share one recording flow instead of a per-type answer editor.
    return <SpeakingExercise key={detail.id} detail={detail} preferences={preferences} />;
  }
  return (
    <Exercise
      key={detail.id}
      detail={detail}
      questionType={questionType}
      preferences={preferences}
      onScored={onScored}
    />
  );
}
