import { Button, Progress, Segmented } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { EXAM_TEXT } from '../runner/exam-text';
import { useRunnerPolicy } from '../runner/policy';
import { usePracticePreferences } from './practice-preferences';
import { usePromptVolume, VolumeSlider } from './prompt-volume';
import styles from './shared.module.css';
import { beginningIn, StatusText } from './status-text';

/** Seconds before a listening prompt starts, as the test counts down before playing. */
export const AUDIO_START_DELAY_SECONDS = 5;
const SPEEDS = [0.8, 1, 1.2] as const;

/** How much of a recording has played, in percent; the item's own length until the file says. */
export function playedPercent(element: HTMLAudioElement, durationSeconds: number): number {
  const total = Number.isFinite(element.duration) ? element.duration : durationSeconds;
  return total > 0 ? Math.min(100, (element.currentTime / total) * 100) : 0;
}

type Phase = 'waiting' | 'playing' | 'completed' | 'blocked';

const STATUS: Record<Exclude<Phase, 'waiting'>, string> = {
  playing: 'Status: Playing',
  completed: 'Status: Completed',
  blocked: '浏览器阻止了自动播放',
};

/**
 * The listening prompt as the test plays it: a countdown, then the recording once, with a status
 * and a progress bar. Practice conveniences the test does not have: start now, replay, speed, and
 * (from the learner's settings) a default speed and no automatic start. An exam policy has none.
 */
export function PromptAudio({
  src,
  durationSeconds,
  isAnswered = false,
}: {
  src: string;
  durationSeconds: number;
  /** Once the item is scored the countdown stops; the recording can still be replayed. */
  isAnswered?: boolean;
}) {
  const preferences = usePracticePreferences();
  const policy = useRunnerPolicy();
  const isPractice = policy.canReplayPrompt;
  const isExam = policy.mode === 'exam';
  const audio = useRef<HTMLAudioElement>(null);
  const volume = usePromptVolume();
  const level = volume?.volume;
  useEffect(() => {
    if (audio.current && level !== undefined) audio.current.volume = level;
  }, [level]);
  const [phase, setPhase] = useState<Phase>('waiting');
  const [countdown, setCountdown] = useState(AUDIO_START_DELAY_SECONDS);
  const [progress, setProgress] = useState(0);
  // The test plays at normal speed and always by itself.
  const preferredRate = isPractice ? preferences.playbackRate : 1;
  const [speed, setSpeed] = useState<number>(preferredRate);
  const autoPlay = isPractice ? preferences.autoPlayAudio : true;

  // Saved settings arrive after the first render: adopt them then; a later click still wins.
  const [settledRate, setSettledRate] = useState(preferredRate);
  if (settledRate !== preferredRate) {
    setSettledRate(preferredRate);
    setSpeed(preferredRate);
  }

  const play = () => {
    const element = audio.current;
    if (!element) return;
    element.playbackRate = speed;
    element.currentTime = 0;
    setPhase('playing');
    // A browser that refuses to start sound without a click says so; the learner clicks.
    element.play()?.catch(() => setPhase('blocked'));
  };

  useEffect(() => {
    if (phase !== 'waiting' || isAnswered || !autoPlay) return;
    if (countdown <= 0) {
      play();
      return;
    }
    const timer = setTimeout(() => setCountdown((left) => left - 1), 1000);
    return () => clearTimeout(timer);
    // play reads the latest speed through the ref'd element; the countdown drives this effect.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [phase, countdown, isAnswered, autoPlay]);

  useEffect(() => {
    if (audio.current) audio.current.playbackRate = speed;
  }, [speed]);

  const shown: Phase = isAnswered && phase === 'waiting' ? 'completed' : phase;

  return (
    <div className={styles.audio} role="group" aria-label="录音">
      <audio
        ref={audio}
        src={src}
        preload="auto"
        onTimeUpdate={(event) => setProgress(playedPercent(event.currentTarget, durationSeconds))}
        onEnded={() => {
          setProgress(100);
          setPhase('completed');
        }}
      />
      <span className={styles.audioStatus} role="status">
        <StatusText
          text={
            shown === 'blocked' && isExam
              ? EXAM_TEXT.audioBlocked
              : shown !== 'waiting'
                ? STATUS[shown]
                : autoPlay
                  ? `Status: ${beginningIn(countdown)}`
                  : 'Status: 已关闭自动播放'
          }
        />
      </span>
      <Progress
        className={styles.audioBar}
        percent={Math.round(progress)}
        showInfo={false}
        aria-label="播放进度"
      />
      {shown === 'waiting' && isPractice && (
        <Button size="small" onClick={autoPlay ? () => setCountdown(0) : play}>
          {autoPlay ? '立即播放' : '播放'}
        </Button>
      )}
      {phase === 'blocked' && (
        <Button size="small" type="primary" onClick={play}>
          {isExam ? EXAM_TEXT.clickToPlay : '点击播放'}
        </Button>
      )}
      {volume && <VolumeSlider volume={volume} />}
      {shown === 'completed' && isPractice && (
        <Button size="small" onClick={play}>
          重播（练习模式）
        </Button>
      )}
      {isPractice && (
        <Segmented<number>
          size="small"
          aria-label="播放速度"
          value={speed}
          options={SPEEDS.map((value) => ({ value, label: `${value}x` }))}
          onChange={setSpeed}
        />
      )}
    </div>
  );
}
