import { itemTypes, type ItemDetail, type PracticeSettings } from '@ninety/contract';
import { Alert, Button, Progress } from 'antd';
import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { Link } from 'react-router';
import { LevelMeter } from '../../../components/level-meter';
import { MicrophoneHelp } from '../../../components/microphone-help';
import { formatCount } from '../../../lib/format';
import { joinBlocks } from '../../../lib/audio/capture';
import { measureLevel } from '../../../lib/audio/level';
import { useMicrophone } from '../../../lib/audio/use-microphone';
import { useObjectUrl } from '../../../lib/audio/use-object-url';
import { CAPTURE_SAMPLE_RATE, encodeWav } from '../../../lib/audio/wav';
import { HttpError } from '../../../lib/http';
import { requestLogin } from '../../../lib/login-events';
import { isSignedIn } from '../../../lib/session';
import sharedStyles from '../../../question-types/shared/shared.module.css';
import {
  flowConfigOf,
  flowReducer,
  initialFlowState,
  recorderStatus,
  type FlowAction,
  type FlowState,
} from '../../../speaking-types/shared/flow';
import { FlowPromptAudio } from '../../../speaking-types/shared/flow-prompt-audio';
import speakingStyles from '../../../speaking-types/shared/speaking.module.css';
import { speakingTypeOf } from '../../../speaking-types/registry';
import type { SpeakingTypeCode } from '../../../speaking-types/types';
import { useSubmitVoiceAttempt } from '../api/submit-voice-attempt';
import { AttemptHistoryList } from './attempt-history-list';
import styles from './exercise.module.css';
import { ResultPanel } from './result-panel';

/** The recording ends by the wall clock this long after its maximum if the blocks stop coming. */
const WALL_CLOCK_SLACK_SECONDS = 2;
const CHECK_MICROPHONE = '请检查麦克风（是否被拔出、被其他程序占用或权限被收回）后';

const NOT_OPEN_TEXT = '语音评分暂未开放，录音已保留，可稍后点击“重新提交”。';

function promptStage(state: FlowState): 'before' | 'countdown' | 'playing' | 'done' {
  if (state.phase === 'waiting') return 'before';
  if (state.phase === 'prompt') return state.isPromptPlaying ? 'playing' : 'countdown';
  return 'done';
}

function errorText(error: unknown): string {
  if (error instanceof HttpError) {
    // A 404 envelope is quiet by the product's rules: until the endpoint exists, say so here.
    if (error.kind === 'not-found') return NOT_OPEN_TEXT;
    if (error.msg) return error.msg;
  }
  return '评分失败，请稍后点击“重新提交”。';
}

/**
 * A speaking item as the test runs it (speaking-types/shared/flow.ts), then the recording played
 * back and sent for scoring. Starting takes a click: it asks for sign-in and the microphone, and
 * lets the browser start sound (autoplay rules).
 */
export function SpeakingExercise({
  detail,
  preferences,
}: {
  detail: ItemDetail;
  preferences: PracticeSettings;
}) {
  const code = detail.type as SpeakingTypeCode;
  const info = itemTypes[code];
  const speakingType = speakingTypeOf(code);
  const content = detail.content;
  const config = useMemo(() => flowConfigOf(code, content), [code, content]);
  const reducer = useMemo(() => flowReducer(config), [config]);
  const [state, dispatch] = useReducer(reducer, undefined, initialFlowState);
  // The same reducer run eagerly: capture callbacks (50 ms blocks, faster than renders) must know
  // at once whether a block ended the recording. Every action goes through `act`, so both agree.
  const flow = useRef<FlowState>(state);
  const mic = useMicrophone();
  const microphone = mic.microphone;
  const closeMicrophone = mic.close;
  const blocks = useRef<Float32Array[]>([]);
  const startedAt = useRef(0);
  const [recording, setRecording] = useState<Blob | null>(null);
  const [playbackUrl, setPlayback] = useObjectUrl();
  const attemptKey = useRef('');
  const submit = useSubmitVoiceAttempt();
  const uploading = useRef<AbortController | null>(null);
  const audio = content['audio'] as { src: string; durationSeconds: number } | undefined;
  const { Prompt } = speakingType;

  const send = (wav: Blob) => {
    uploading.current?.abort();
    const controller = new AbortController();
    uploading.current = controller;
    submit.mutate({
      itemId: detail.id,
      wav,
      timeSpentSeconds: Math.round((Date.now() - startedAt.current) / 1000),
      // Kept across 重新提交, so a retried upload is stored once.
      idempotencyKey: attemptKey.current,
      signal: controller.signal,
    });
  };

  /** The recording has stopped: the WAV cut where the flow stopped, playback, the upload. */
  const finish = (done: FlowState) => {
    const samples = joinBlocks(blocks.current).subarray(
      0,
      Math.round(done.silence.elapsedSeconds * CAPTURE_SAMPLE_RATE),
    );
    closeMicrophone();
    // A microphone lost within the first second left nothing worth scoring or spending a use on.
    if (done.stopReason === 'microphone-lost' && done.silence.elapsedSeconds < 1) return;
    const wav = new Blob([encodeWav(samples)], { type: 'audio/wav' });
    setRecording(wav);
    setPlayback(wav);
    if (info.isScored) send(wav);
  };

  const act = (action: FlowAction) => {
    const before = flow.current;
    const after = reducer(before, action);
    flow.current = after;
    dispatch(action);
    if (before.phase === 'recording' && after.phase === 'completed') finish(after);
    if (before.phase !== 'waiting' && after.phase === 'waiting') closeMicrophone();
  };

  const begin = async (action: 'start' | 'redo') => {
    if (!isSignedIn()) return requestLogin();
    uploading.current?.abort();
    submit.reset();
    setRecording(null);
    setPlayback(null);
    blocks.current = [];
    // The microphone opens before the countdown, so a permission prompt never eats answer time.
    const opened = await mic.open();
    if (!opened) return;
    attemptKey.current = crypto.randomUUID();
    startedAt.current = Date.now();
    act({ type: action });
  };

  // Countdowns: the prompt audio's delay and the preparation, one second at a time.
  const isCounting = (state.phase === 'prompt' && !state.isPromptPlaying) || state.phase === 'prep';
  useEffect(() => {
    if (!isCounting) return;
    const timer = setTimeout(() => act({ type: 'tick' }), 1000);
    return () => clearTimeout(timer);
    // act is recreated each render; the countdown's own values drive this timer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isCounting, state.secondsLeft, state.take]);

  // The tone that opens the microphone.
  useEffect(() => {
    if (state.phase !== 'tone' || !microphone) return;
    let isCurrent = true;
    void microphone.tone().then(() => {
      if (isCurrent) act({ type: 'tone-ended' });
    });
    return () => {
      isCurrent = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state.phase, state.take, microphone]);

  // Recording: keep each 16 kHz block and let the flow decide when to stop (time or silence).
  useEffect(() => {
    if (state.phase !== 'recording' || !microphone) return;
    blocks.current = [];
    const unsubscribe = microphone.listen((block) => {
      blocks.current.push(block);
      act({
        type: 'block',
        rms: measureLevel(block).rms,
        seconds: block.length / CAPTURE_SAMPLE_RATE,
      });
    });
    return () => {
      unsubscribe();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state.phase, state.take, microphone]);

  // The audio thread can stall (a suspended context) and stop sending blocks: the wall clock
  // still ends the recording, a little after the blocks should have.
  useEffect(() => {
    if (state.phase !== 'recording') return;
    const timer = setTimeout(
      () => act({ type: 'time-up' }),
      (config.maxSeconds + WALL_CLOCK_SLACK_SECONDS) * 1000,
    );
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state.phase, state.take, config.maxSeconds]);

  // A microphone unplugged or taken away mid-item: stop, keep what was recorded, say why.
  const isMicrophoneInUse = state.phase !== 'waiting' && state.phase !== 'completed';
  useEffect(() => {
    if (!isMicrophoneInUse || !microphone) return;
    return microphone.onLost(() => act({ type: 'lost' }));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isMicrophoneInUse, microphone]);

  useEffect(() => () => uploading.current?.abort(), []);

  const isWaiting = state.phase === 'waiting';
  const recordedPercent =
    state.phase === 'recording' || state.phase === 'completed'
      ? Math.min(100, Math.round((state.silence.elapsedSeconds / config.maxSeconds) * 100))
      : 0;
  const scored = submit.data;
  const isAborted = submit.error instanceof HttpError && submit.error.kind === 'aborted';

  return (
    <div className={styles.card}>
      <p className={styles.meta}>
        <span>
          #{detail.number} {detail.title}
        </span>
        <span>练习 {formatCount(detail.practiceCount)}</span>
      </p>
      <p className={sharedStyles.instruction}>{speakingType.instruction}</p>
      {!info.isScored && (
        <p className={speakingStyles.note}>自我介绍不计分：录音只保存在本页，可回放，不会上传。</p>
      )}
      {audio && (
        <FlowPromptAudio
          key={state.take}
          src={audio.src}
          durationSeconds={audio.durationSeconds}
          stage={promptStage(state)}
          secondsLeft={state.secondsLeft}
          onEnded={() => act({ type: 'prompt-ended' })}
        />
      )}
      <Prompt content={content as never} />

      <div className={speakingStyles.recorder} role="group" aria-label="Recorded Answer">
        <p className={speakingStyles.recorderTitle}>Recorded Answer</p>
        <div className={speakingStyles.recorderRow}>
          <span className={speakingStyles.recorderStatus} role="status" aria-label="录音状态">
            Current Status: {recorderStatus(state)}
          </span>
          <Progress
            className={speakingStyles.recorderBar}
            percent={recordedPercent}
            showInfo={false}
            aria-label="录音进度"
          />
        </div>
        {state.phase === 'recording' && <LevelMeter level={mic.level} waveform={mic.waveform} />}
        {state.phase === 'completed' && playbackUrl && (
          <audio
            className={speakingStyles.playback}
            src={playbackUrl}
            controls
            aria-label="回放我的录音"
          />
        )}
      </div>

      {state.stopReason === 'microphone-lost' && (
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
      {mic.problem && (
        <>
          <MicrophoneHelp problem={mic.problem} />
          <p>
            <Link to="/RecordTest">去麦克风测试</Link>
          </p>
        </>
      )}

      <div className={styles.actions}>
        {isWaiting && (
          <Button
            type="primary"
            loading={mic.status === 'opening'}
            onClick={() => void begin('start')}
          >
            开始答题
          </Button>
        )}
        {isCounting && <Button onClick={() => act({ type: 'skip' })}>跳过等待</Button>}
        {state.phase === 'recording' && (
          <Button onClick={() => act({ type: 'stop' })}>结束录音</Button>
        )}
        {state.phase === 'completed' && (
          <Button
            key="redo"
            type="primary"
            loading={mic.status === 'opening'}
            onClick={() => void begin('redo')}
          >
            重做
          </Button>
        )}
      </div>

      {submit.isPending && (
        <p role="status" aria-live="polite">
          正在评分…
        </p>
      )}
      {submit.isError && !isAborted && recording && (
        <Alert
          type="error"
          showIcon
          title={errorText(submit.error)}
          action={
            <Button size="small" onClick={() => send(recording)}>
              重新提交
            </Button>
          }
        />
      )}
      {scored && (
        <ResultPanel
          type={code}
          learnerAnswer={scored.attempt.answer}
          result={scored.attempt.result}
          answer={scored.answer}
          content={detail.content}
          isKeyShown={preferences.answerDisplay === 'afterSubmit'}
        />
      )}
      {isSignedIn() && info.isScored && <AttemptHistoryList itemId={detail.id} />}
    </div>
  );
}
