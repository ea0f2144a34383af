import { itemTypes, type PracticeSettings } from '@ninety/contract';
import { Alert, Button, Progress } from 'antd';
import { useId } from 'react';
import { Link } from 'react-router';
import { LevelMeter } from '../../components/level-meter';
import { MicrophoneHelp } from '../../components/microphone-help';
import { HttpError } from '../../lib/http';
import { isUnderway, recorderStatus } from '../shared/flow';
import { FlowPromptAudio } from '../shared/flow-prompt-audio';
import { ScoredAttemptPanel } from './scored-attempt-panel';
import sharedStyles from '../shared/shared.module.css';
import speakingStyles from '../shared/speaking.module.css';
import type { SpeakingItemType, SpeakingTypeCode } from '../types';
import { EXAM_TEXT, ExamMicrophoneHelp } from './exam-text';
import styles from './runner.module.css';
import { useConfirmWhile } from './use-confirm-while';
import { useSpeakingTake, type SpeakingTakeOptions } from './use-speaking-take';

const CHECK_MICROPHONE = '请检查麦克风（是否被拔出、被其他程序占用或权限被收回）后';

function errorText(error: unknown): string {
  if (error instanceof HttpError && error.msg) return error.msg;
  return '评分失败，请稍后点击“重新提交”。';
}

export interface SpeakingRunnerProps<C extends SpeakingTypeCode> extends SpeakingTakeOptions<C> {
  /** When the key, sample and 解析 show in the result (the learner's setting). */
  preferences: PracticeSettings;
}

/**
 * A speaking item as the test runs it (shared/flow.ts, driven by useSpeakingTake): instruction,
 * prompt audio, prompt, the recorder, then the recording played back and its score.
 */
export function SpeakingRunner<C extends SpeakingTypeCode>(props: SpeakingRunnerProps<C>) {
  const { item, type, policy, preferences } = props;
  const info = itemTypes[type.code];
  const take = useSpeakingTake(props);
  const recorderTitleId = useId();
  const { state, mic, recording } = take;
  const content = item.content as Parameters<SpeakingItemType<C>['promptAudio']>[0];
  const audio = type.promptAudio(content);
  const { Prompt } = type;
  const scored = take.submission.data;
  const error = take.submission.error;
  const isAborted = error instanceof HttpError && error.kind === 'aborted';
  // A microphone lost before anything was recorded leaves nothing to keep: even an exam may retake.
  const isLostEmpty = state.stopReason === 'microphone-lost' && !recording;
  // The exam's screen is in English, like the test's; practice keeps its Chinese.
  const isExam = policy.mode === 'exam';
  // The exam's Next, from the item's first countdown to the end of its recording, as the test's
  // is there throughout. Its "move on?" question is open while the item runs on: it closes when
  // the recording ends by itself (its time, or 3 s of silence). Yes acts on the phase it finds:
  // a recording stops and is sent; before the tone the item is left unanswered.
  const canMoveOn = isExam && isUnderway(state.phase);
  const ask = useConfirmWhile(canMoveOn);
  const askToMoveOn = () =>
    ask({
      title: 'Next',
      content: 'Are you sure you want to move on? You cannot return to this question.',
      okText: 'Yes',
      cancelText: 'No',
      onOk: () => take.act({ type: 'next' }),
    });

  return (
    <>
      <p className={sharedStyles.instruction} lang="en">
        {type.instruction}
      </p>
      {!info.isScored && (
        <p className={speakingStyles.note}>
          {isExam
            ? EXAM_TEXT.introductionNote
            : '自我介绍不计分：录音只保存在本页，可回放，不会上传。'}
        </p>
      )}
      {audio && (
        <FlowPromptAudio
          key={state.take}
          src={audio.src}
          durationSeconds={audio.durationSeconds}
          stage={take.promptStage}
          secondsLeft={state.secondsLeft}
          onEnded={() => take.act({ type: 'prompt-ended' })}
        />
      )}
      <Prompt content={content} />

      {/* Named by its English title, which is marked as English: an aria-label on the group
          was read in the page's Chinese voice (issue 23, WCAG 3.1.2). */}
      <div className={speakingStyles.recorder} role="group" aria-labelledby={recorderTitleId}>
        <p id={recorderTitleId} className={speakingStyles.recorderTitle} lang="en">
          Recorded Answer
        </p>
        <div className={speakingStyles.recorderRow}>
          <span className={speakingStyles.recorderStatus} role="status" aria-label="录音状态">
            <span lang="en">Current Status: {recorderStatus(state)}</span>
          </span>
          <Progress
            className={speakingStyles.recorderBar}
            percent={take.recordedPercent}
            showInfo={false}
            aria-label="录音进度"
          />
        </div>
        {state.phase === 'recording' && <LevelMeter level={mic.level} waveform={mic.waveform} />}
        {state.phase === 'completed' && take.playbackUrl && (
          <audio
            className={speakingStyles.playback}
            src={take.playbackUrl}
            controls
            aria-label="回放我的录音"
          />
        )}
      </div>

      {state.stopReason === 'microphone-lost' && isExam && (
        <Alert
          type="warning"
          showIcon
          title={EXAM_TEXT.microphoneLostTitle}
          description={
            state.phase !== 'completed'
              ? EXAM_TEXT.microphoneLostBeforeRecording
              : recording
                ? EXAM_TEXT.microphoneLostDuringRecording
                : EXAM_TEXT.microphoneLostNothingRecorded
          }
        />
      )}
      {state.stopReason === 'microphone-lost' && !isExam && (
        <Alert
          type="warning"
          showIcon
          title="麦克风已断开"
          description={
            state.phase !== 'completed'
              ? `还没有开始录音。${CHECK_MICROPHONE}重新点击「开始答题」。`
              : recording
                ? `录音在断开处结束，已录下的部分照常提交评分。${CHECK_MICROPHONE}可点击「重做」。`
                : `没有录下可以评分的内容，未提交、不扣次数。${CHECK_MICROPHONE}点击「重做」。`
          }
        />
      )}
      {mic.problem && isExam && <ExamMicrophoneHelp problem={mic.problem} />}
      {mic.problem && !isExam && (
        <>
          <MicrophoneHelp problem={mic.problem} />
          <p>
            <Link to="/RecordTest">去麦克风测试</Link>
          </p>
        </>
      )}

      <div className={styles.actions}>
        {state.phase === 'waiting' && (
          <Button type="primary" loading={mic.status === 'opening'} onClick={take.start}>
            {isExam ? 'Record' : '开始答题'}
          </Button>
        )}
        {take.isCounting && policy.canSkipWaits && (
          <Button onClick={() => take.act({ type: 'skip' })}>跳过等待</Button>
        )}
        {canMoveOn && (
          // Asked first, as every Next in the test is (pte-rules: "Next asks for confirmation");
          // the countdown or the recording runs on while it asks.
          <Button onClick={askToMoveOn}>Next</Button>
        )}
        {!isExam && state.phase === 'recording' && (
          <Button onClick={() => take.act({ type: 'stop' })}>结束录音</Button>
        )}
        {state.phase === 'completed' && (policy.canRedo || isLostEmpty) && (
          <Button key="redo" type="primary" loading={mic.status === 'opening'} onClick={take.redo}>
            {isExam ? 'Record again' : '重做'}
          </Button>
        )}
      </div>

      {take.submission.isPending && (
        <p role="status" aria-live="polite">
          {policy.mode === 'exam' ? 'Saving your answer…' : '正在评分…'}
        </p>
      )}
      {take.submission.isError && !isAborted && recording && (
        <Alert
          type="error"
          showIcon
          title={isExam ? EXAM_TEXT.uploadFailed : errorText(error)}
          action={
            <Button size="small" onClick={take.resend}>
              {isExam ? EXAM_TEXT.retry : '重新提交'}
            </Button>
          }
        />
      )}
      {scored && policy.showsResult && (
        <ScoredAttemptPanel item={item} scored={scored} preferences={preferences} />
      )}
    </>
  );
}
