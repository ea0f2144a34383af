import {
  DEFAULT_PRACTICE_SETTINGS,
  itemTypes,
  type ItemDetail,
  type PracticeSettings,
} from '@ninety/contract';
import { Button } from 'antd';
import { useState } from 'react';
import { AnswerPanel, ItemRunner, practicePolicy } from '../../../item-types';
import { draftKeys } from '../../../lib/drafts';
import { formatCount } from '../../../lib/format';
import { requestLogin } from '../../../lib/login-events';
import { isSignedIn } from '../../../lib/session';
import { useItemAnswer } from '../api/get-item-answer';
import { useSubmitAttempt } from '../api/submit-attempt';
import { useSubmitVoiceAttempt } from '../api/submit-voice-attempt';
import { AttemptHistoryList } from './attempt-history-list';
import styles from './exercise.module.css';

/** Answering needs an account: a signed-out learner is asked to sign in instead. */
function signedInOrAsk(): boolean {
  if (isSignedIn()) return true;
  requestLogin();
  return false;
}

function PracticeExercise({
  detail,
  preferences,
  onScored,
  gate,
}: {
  detail: ItemDetail;
  preferences: PracticeSettings;
  onScored?: () => void;
  gate: () => boolean | Promise<boolean>;
}) {
  const submit = useSubmitAttempt();
  const submitVoice = useSubmitVoiceAttempt();
  const [isShowingAnswer, setIsShowingAnswer] = useState(false);
  const [isScored, setIsScored] = useState(false);
  const shownAnswer = useItemAnswer(detail.id, isShowingAnswer && !isScored);
  const scored = <T,>(result: T): T => {
    setIsScored(true);
    // Written and spoken attempts alike count as a practice (saveTimedOrCount).
    onScored?.();
    return result;
  };

  return (
    <div className={styles.card}>
      <p className={styles.meta}>
        <span>
          #{detail.number} {detail.title}
        </span>
        <span title="全部用户的练习次数">全站练习 {formatCount(detail.practiceCount)}</span>
      </p>
      <ItemRunner
        item={detail}
        policy={practicePolicy}
        preferences={preferences}
        onSubmit={(body) => submit.mutateAsync(body).then(scored)}
        onRecorded={(take) => submitVoice.mutateAsync(take).then(scored)}
        gate={gate}
        onRedo={() => {
          setIsScored(false);
          setIsShowingAnswer(false);
        }}
        answerAction={
          <Button
            onClick={() => (isSignedIn() ? setIsShowingAnswer((shown) => !shown) : requestLogin())}
          >
            {isShowingAnswer ? '隐藏答案' : '查看答案'}
          </Button>
        }
        draft={{ key: draftKeys.practice(detail.id) }}
      />
      {!isScored && isShowingAnswer && shownAnswer.data && (
        <AnswerPanel answer={shownAnswer.data} />
      )}
      {isSignedIn() && itemTypes[detail.type].isScored && <AttemptHistoryList itemId={detail.id} />}
    </div>
  );
}

/**
 * The exercise for one item on the practice page: its meta line, the item run under the practice
 * policy (replay, redo, skip waits, 查看答案), the key on request and the learner's attempts.
 * `preferences` are the learner's practice settings (speed, auto-play, when the key shows).
 */
export function ExerciseView({
  detail,
  preferences = DEFAULT_PRACTICE_SETTINGS,
  onScored,
  gate = signedInOrAsk,
}: {
  detail: ItemDetail;
  preferences?: PracticeSettings;
  /** Called once per stored attempt (the page counts the practice, spec §7 saveTimedOrCount). */
  onScored?: () => void;
  /**
   * Asked before an answer is sent or a recording starts; false stops it. The page passes the
   * quota check (spec §6), which also asks a signed-out learner to sign in.
   */
  gate?: () => boolean | Promise<boolean>;
}) {
  return (
    <PracticeExercise
      key={detail.id}
      detail={detail}
      preferences={preferences}
      onScored={onScored}
      gate={gate}
    />
  );
}
