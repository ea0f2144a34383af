import { Button, Progress } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { EXAM_TEXT } from '../runner/exam-text';
import { useRunnerPolicy } from '../runner/policy';
import listeningStyles from './shared.module.css';
import { playedPercent } from './prompt-audio';
import { usePromptVolume, VolumeSlider } from './prompt-volume';
import { beginningIn, StatusText } from './status-text';

/**
 * The prompt recording of a speaking item, with the listening prompt's look (status, progress) but
 * driven by the speaking flow: the flow counts down and says when to play, and moves on when the
 * recording ends. It plays once; there is no replay before the answer, as in the test.
 */
export function FlowPromptAudio({
  src,
  durationSeconds,
  stage,
  secondsLeft,
  onEnded,
}: {
  src: string;
  durationSeconds: number;
  /** before: not started; countdown: "Beginning in N"; playing; done: the flow has moved on. */
  stage: 'before' | 'countdown' | 'playing' | 'done';
  secondsLeft: number;
  onEnded: () => void;
}) {
  const audio = useRef<HTMLAudioElement>(null);
  const isExam = useRunnerPolicy().mode === 'exam';
  const volume = usePromptVolume();
  const level = volume?.volume;
  useEffect(() => {
    if (audio.current && level !== undefined) audio.current.volume = level;
  }, [level]);
  const [progress, setProgress] = useState(0);
  const [isBlocked, setIsBlocked] = useState(false);
  const [hasFailed, setHasFailed] = useState(false);
  // The flow moves on once, whichever of the end, a failure or the safety timer comes first.
  const hasEnded = useRef(false);
  const end = () => {
    if (hasEnded.current) return;
    hasEnded.current = true;
    onEnded();
  };

  const play = () => {
    const element = audio.current;
    if (!element) return;
    setIsBlocked(false);
    element.currentTime = 0;
    element.play()?.catch((error: unknown) => {
      // A browser that refuses sound without a click says so; the learner clicks. Any other
      // refusal (a file that cannot play) must not leave the learner stuck before the microphone.
      if (error instanceof DOMException && error.name === 'NotAllowedError') setIsBlocked(true);
      else {
        setHasFailed(true);
        end();
      }
    });
  };

  // The parent keys this component by take, so a redo starts from a fresh element and state.
  useEffect(() => {
    if (stage !== 'playing') return;
    // The file failed while the countdown ran (preload): there is nothing to wait for.
    if (hasFailed) {
      end();
      return;
    }
    play();
    // A stalled download fires no event at all: give up a little after the recording's length.
    const timer = setTimeout(
      () => {
        setHasFailed(true);
        end();
      },
      (durationSeconds + 5) * 1000,
    );
    // A stage left while the audio plays (the exam's Next) stops it: nothing plays over the next.
    const element = audio.current;
    return () => {
      clearTimeout(timer);
      element?.pause();
    };
    // Runs when the flow's stage changes; play and end read the element and a ref.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stage]);

  const status =
    stage === 'countdown'
      ? `Status: ${beginningIn(secondsLeft)}`
      : stage === 'playing'
        ? hasFailed
          ? isExam
            ? EXAM_TEXT.audioFailed
            : '音频加载失败，已跳过'
          : isBlocked
            ? isExam
              ? EXAM_TEXT.audioBlocked
              : '浏览器阻止了自动播放'
            : 'Status: Playing'
        : stage === 'done'
          ? 'Status: Completed'
          : 'Status: Waiting';

  return (
    <div className={listeningStyles.audio} role="group" aria-label="题目音频">
      <audio
        ref={audio}
        src={src}
        preload="auto"
        onTimeUpdate={(event) => setProgress(playedPercent(event.currentTarget, durationSeconds))}
        onEnded={() => {
          setProgress(100);
          end();
        }}
        onError={() => {
          // A missing recording must not leave the learner stuck before the microphone: noted
          // now (it may fail while preloading), acted on when the flow says to play.
          setHasFailed(true);
          if (stage === 'playing') end();
        }}
      />
      <span className={listeningStyles.audioStatus} role="status">
        <StatusText text={status} />
      </span>
      <Progress
        className={listeningStyles.audioBar}
        percent={Math.round(stage === 'done' ? 100 : progress)}
        showInfo={false}
        aria-label="播放进度"
      />
      {isBlocked && stage === 'playing' && (
        <Button size="small" type="primary" onClick={play}>
          {isExam ? EXAM_TEXT.clickToPlay : '点击播放'}
        </Button>
      )}
      {volume && <VolumeSlider volume={volume} />}
    </div>
  );
}
