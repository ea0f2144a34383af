import {
  SPEAKING_RECORDING_RULES,
  type ItemDetail,
  type ListeningSentence,
  type ListeningShadowingResult,
} from '@ninety/contract';
import { Alert, Button, Progress, Switch } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { LevelMeter } from '../../../components/level-meter';
import { MicrophoneHelp } from '../../../components/microphone-help';
import {
  practicePolicy,
  rs,
  SpeechEvidence,
  useSpeakingTake,
  useWordColors,
  type RecordedTake,
  type SpeakingItemType,
} from '../../../item-types';
import { HttpError } from '../../../lib/http';
import { requestLogin } from '../../../lib/login-events';
import { isSignedIn } from '../../../lib/session';
import { localKeys } from '../../../lib/storage-keys';
import { useSubmitShadowing } from '../api/submit-shadowing';
import type { SentencePlayer } from '../player/sentence-player';
import { ReviewOutcomeNote } from './review-outcome-note';
import styles from './listening.module.css';

/** Room to repeat a sentence: twice its length and a breath, within sensible bounds. */
export function shadowingSeconds(sentence: Pick<ListeningSentence, 'start' | 'end'>): number {
  return Math.min(30, Math.max(6, Math.ceil((sentence.end - sentence.start) * 2 + 3)));
}

const PHASE_ZH = {
  waiting: '准备跟读',
  prompt: '准备跟读',
  prep: '准备时间',
  tone: '提示音后开始说',
  recording: '正在录音……说完停顿 3 秒自动结束',
  completed: '录音完成',
} as const;

/** Auto-record is on unless the learner turned it off (kept on this device). */
function readAutoRecord(): boolean {
  try {
    return localStorage.getItem(localKeys.listeningAutoRecord) !== '0';
  } catch {
    return true;
  }
}

function useAutoRecordSetting(): [boolean, (on: boolean) => void] {
  const [isOn, setIsOn] = useState(readAutoRecord);
  const set = (on: boolean) => {
    setIsOn(on);
    try {
      if (on) localStorage.removeItem(localKeys.listeningAutoRecord);
      else localStorage.setItem(localKeys.listeningAutoRecord, '0');
    } catch {
      // Storage unavailable: the setting holds for this page only.
    }
  };
  return [isOn, set];
}

/**
 * The browser's microphone permission where it says (Permissions API; null where it does not):
 * a learner who blocked the microphone is told before the sentence ends, not by a failed take.
 */
function useMicrophonePermission(): PermissionState | null {
  const [state, setState] = useState<PermissionState | null>(null);
  useEffect(() => {
    let status: PermissionStatus | null = null;
    let isCurrent = true;
    const update = () => {
      if (isCurrent && status) setState(status.state);
    };
    navigator.permissions
      ?.query({ name: 'microphone' as PermissionName })
      .then((found) => {
        status = found;
        update();
        found.addEventListener('change', update);
      })
      .catch(() => {
        // A browser that cannot say: the take's own request will.
      });
    return () => {
      isCurrent = false;
      status?.removeEventListener('change', update);
    };
  }, []);
  return state;
}

function errorText(error: unknown): string {
  if (error instanceof HttpError && error.msg) return error.msg;
  return '评分失败，请稍后点击“重新提交”。';
}

export interface ShadowingPanelProps {
  materialId: string;
  sentence: ListeningSentence;
  /** The page's sentence player: the original is played with it after the learner's recording. */
  player: SentencePlayer;
  reviewCardId?: number;
  onAnswered?: (result: ListeningShadowingResult) => void;
}

/**
 * 跟读: after listening, the learner repeats the sentence into the microphone. The recording is
 * the item runner's speaking take (tone, silence cut-off, 16 kHz WAV), run as a Repeat Sentence
 * with no prompt audio of its own (the page's player is the prompt); the server's speech engine
 * scores it against the sentence and the words are coloured as in practice.
 */
export function ShadowingPanel({
  materialId,
  sentence,
  player,
  reviewCardId,
  onAnswered,
}: ShadowingPanelProps) {
  const submitShadowing = useSubmitShadowing();
  const [result, setResult] = useState<ListeningShadowingResult | null>(null);
  const bands = useWordColors();
  const item: ItemDetail = useMemo(
    () => ({
      id: `${materialId}#${sentence.index}`,
      type: 'RS',
      number: sentence.index + 1,
      title: sentence.text,
      difficulty: 1,
      topics: [],
      updatedAt: '',
      isNew: false,
      isHighFrequency: false,
      isFull: true,
      practiceCount: 0,
      practised: null,
      practisedCount: null,
      color: null,
      content: {},
    }),
    [materialId, sentence.index, sentence.text],
  );
  const type: SpeakingItemType<'RS'> = useMemo(() => {
    return {
      ...rs,
      flowConfig: () => ({
        promptDelaySeconds: null,
        prepSeconds: 0,
        maxSeconds: shadowingSeconds(sentence),
        silenceCutoffSeconds: SPEAKING_RECORDING_RULES.silenceCutoffSeconds,
      }),
    };
  }, [sentence]);

  const take = useSpeakingTake({
    item,
    type,
    policy: practicePolicy,
    gate: () => {
      if (isSignedIn()) return true;
      requestLogin();
      return false;
    },
    onRecorded: async (recorded: RecordedTake) => {
      setResult(null);
      player.stop();
      const scored = await submitShadowing({
        materialId,
        index: sentence.index,
        wav: recorded.wav,
        idempotencyKey: recorded.idempotencyKey,
        signal: recorded.signal,
        ...(reviewCardId === undefined ? {} : { reviewCardId }),
      });
      setResult(scored);
      onAnswered?.(scored);
      // Shown here, not by the runner's result panel.
      return null;
    },
  });
  const { state, mic } = take;
  const error = take.submission.error;
  const isAborted = error instanceof HttpError && error.kind === 'aborted';
  const isRecording = state.phase === 'tone' || state.phase === 'recording';

  const [autoRecord, setAutoRecord] = useAutoRecordSetting();
  const permission = useMicrophonePermission();
  // A microphone that failed (blocked, missing, busy) pauses auto-record until a take opens it
  // (the learner's 开始跟读 asks again), so every sentence played does not end in the same failure.
  const isAutoPaused = mic.problem !== null;
  /** Set while the original plays after the learner's recording: its end starts no take. */
  const isComparing = useRef(false);

  const begin = () => {
    isComparing.current = false;
    if (state.phase === 'waiting') take.start();
    else take.redo();
  };
  const start = () => {
    player.stop();
    begin();
  };

  // Auto-record: the sentence's run has played to its end by itself (not stopped, not the
  // original after a comparison), nothing is being recorded or scored: the take starts, tone and
  // all, as 开始跟读 does. The latest state is read through a ref from the player's callback.
  const isAutoReady =
    autoRecord &&
    !isAutoPaused &&
    permission !== 'denied' &&
    state.phase !== 'tone' &&
    state.phase !== 'recording' &&
    mic.status !== 'opening' &&
    !take.submission.isPending;
  const auto = useRef({ isAutoReady, begin });
  useEffect(() => {
    auto.current = { isAutoReady, begin };
  });
  useEffect(
    () =>
      player.addRunEndListener((index) => {
        if (index !== sentence.index) return;
        if (isComparing.current) {
          isComparing.current = false;
          return;
        }
        if (auto.current.isAutoReady) auto.current.begin();
      }),
    [player, sentence.index],
  );

  return (
    <section className={styles.modePanel} aria-label="跟读">
      <p className={styles.modeHint}>
        {autoRecord
          ? '播放本句，播完后自动开始录音：听到提示音后跟着说一遍。'
          : '先听本句，再点「开始跟读」，听到提示音后跟着说一遍。'}
      </p>
      <label className={styles.autoRecord}>
        <Switch
          size="small"
          checked={autoRecord}
          onChange={setAutoRecord}
          aria-label="播完自动跟读"
        />
        <span>播完自动跟读</span>
      </label>
      {autoRecord && permission === 'denied' && !mic.problem && <MicrophoneHelp problem="denied" />}
      {autoRecord && isAutoPaused && (
        <p role="status">麦克风不可用，自动跟读已暂停；问题解决后点「开始跟读」即可恢复。</p>
      )}
      <div className={styles.recorder}>
        <span role="status" aria-label="录音状态">
          {PHASE_ZH[state.phase]}
        </span>
        {isRecording && (
          <Progress percent={take.recordedPercent} showInfo={false} aria-label="录音进度" />
        )}
        {state.phase === 'recording' && <LevelMeter level={mic.level} waveform={mic.waveform} />}
      </div>
      {mic.problem && (
        <>
          <MicrophoneHelp problem={mic.problem} />
          <p>
            <Link to="/RecordTest">去麦克风测试</Link>
          </p>
        </>
      )}
      <div className={styles.modeActions}>
        {!isRecording && (
          <Button
            type="primary"
            loading={mic.status === 'opening'}
            disabled={take.submission.isPending}
            onClick={start}
          >
            {state.phase === 'waiting' ? '开始跟读' : '再跟读一次'}
          </Button>
        )}
        {state.phase === 'recording' && (
          <Button onClick={() => take.act({ type: 'stop' })}>结束录音</Button>
        )}
      </div>
      {take.submission.isPending && (
        <p role="status" aria-live="polite">
          正在评分…
        </p>
      )}
      {take.submission.isError && !isAborted && take.recording && (
        <Alert
          type="error"
          showIcon
          title={errorText(error)}
          action={
            <Button size="small" onClick={take.resend}>
              重新提交
            </Button>
          }
        />
      )}
      {result && !take.submission.isPending && (
        <ShadowingResult
          result={result}
          playOriginal={() => {
            isComparing.current = true;
            player.play(sentence.index, 1);
          }}
          stopOriginal={() => player.stop()}
          bands={bands}
        />
      )}
    </section>
  );
}

function ShadowingResult({
  result,
  playOriginal,
  stopOriginal,
  bands,
}: {
  result: ListeningShadowingResult;
  /** Plays the sentence once after the learner's recording (its end starts no take). */
  playOriginal: () => void;
  stopOriginal: () => void;
  bands: ReturnType<typeof useWordColors>;
}) {
  const mine = useRef<HTMLAudioElement>(null);
  const [isComparing, setIsComparing] = useState(false);

  /** The learner's recording, then the original sentence once, back to back. */
  const compare = () => {
    const audio = mine.current;
    if (!audio) return;
    stopOriginal();
    setIsComparing(true);
    audio.currentTime = 0;
    void Promise.resolve(audio.play()).catch(() => setIsComparing(false));
  };

  return (
    <div className={styles.shadowingResult} aria-label="跟读结果">
      <p className={styles.score}>
        得分 <strong>{result.score}</strong> / {result.max}
        <span className={result.passed ? styles.passed : styles.failed}>
          {result.passed ? '跟读通过' : '本句已加入复习'}
        </span>
      </p>
      <div className={styles.modeActions}>
        <Button onClick={compare} disabled={isComparing}>
          对比播放：我的录音 → 原音
        </Button>
      </div>
      <audio
        ref={mine}
        src={result.recordingUrl}
        preload="auto"
        aria-label="我的跟读录音"
        onEnded={() => {
          if (!isComparing) return;
          setIsComparing(false);
          playOriginal();
        }}
        onPause={(event) => {
          if (!event.currentTarget.ended) setIsComparing(false);
        }}
      />
      <SpeechEvidence result={result.result} bands={bands} recordingUrl={null} isReference />
      {result.review && <ReviewOutcomeNote outcome={result.review} />}
    </div>
  );
}
