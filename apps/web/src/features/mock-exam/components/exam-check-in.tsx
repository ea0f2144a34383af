import { Alert, Button } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { LevelMeter } from '../../../components/level-meter';
import { ExamMicrophoneHelp } from '../../../item-types';
import { joinBlocks } from '../../../lib/audio/capture';
import { useMicrophone } from '../../../lib/audio/use-microphone';
import { useObjectUrl } from '../../../lib/audio/use-object-url';
import { CAPTURE_SAMPLE_RATE, encodeWav } from '../../../lib/audio/wav';
import {
  judgeMicrophone,
  microphonePasses,
  VERDICT_TEXT,
  type MicrophoneCheck,
} from '../lib/microphone-verdict';
import styles from './exam.module.css';

/** The microphone check records this long. */
export const CHECK_RECORDING_SECONDS = 5;

type Step = 'intro' | 'headset' | 'microphone' | 'ready';

/** Plays a short sample (two gentle tones) so the learner hears whether the headset works. */
async function playSample(): Promise<void> {
  const context = new AudioContext();
  try {
    await context.resume();
    const now = context.currentTime;
    for (const [index, frequency] of [440, 660].entries()) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0, now + index * 0.6);
      gain.gain.linearRampToValueAtTime(0.2, now + index * 0.6 + 0.05);
      gain.gain.linearRampToValueAtTime(0, now + index * 0.6 + 0.5);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(now + index * 0.6);
      oscillator.stop(now + index * 0.6 + 0.55);
    }
    await new Promise((resolve) => setTimeout(resolve, 1300));
  } finally {
    void context.close();
  }
}

export interface MicrophoneCheckStepProps {
  onPassed: () => void;
  /** Again after a reload or a lost connection, before the next speaking question. */
  isRecheck?: boolean;
}

/**
 * Record a few seconds, hear them back, see the level: the test may go on only when a voice was
 * recorded. Before the test, and again on resuming before the next speaking question (the
 * microphone may have changed while the page was away).
 */
export function MicrophoneCheckStep({ onPassed, isRecheck = false }: MicrophoneCheckStepProps) {
  const mic = useMicrophone();
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);
  const [check, setCheck] = useState<MicrophoneCheck | null>(null);
  const [playbackUrl, setPlayback] = useObjectUrl();
  const stop = useRef<(() => void) | null>(null);
  useEffect(() => () => stop.current?.(), []);

  const record = async () => {
    const opened = mic.microphone ?? (await mic.open());
    if (!opened) return;
    setCheck(null);
    setPlayback(null);
    const blocks: Float32Array[] = [];
    const unsubscribe = opened.listen((block) => blocks.push(block));
    let left = CHECK_RECORDING_SECONDS;
    setSecondsLeft(left);
    const timer = setInterval(() => {
      left -= 1;
      setSecondsLeft(left);
      if (left > 0) return;
      finish();
      const samples = joinBlocks(blocks).subarray(0, CHECK_RECORDING_SECONDS * CAPTURE_SAMPLE_RATE);
      setCheck(judgeMicrophone(samples));
      setPlayback(new Blob([encodeWav(samples)], { type: 'audio/wav' }));
    }, 1000);
    const finish = () => {
      clearInterval(timer);
      unsubscribe();
      stop.current = null;
      setSecondsLeft(null);
    };
    stop.current = finish;
  };

  const isRecording = secondsLeft !== null;
  const passed = check !== null && microphonePasses(check);
  return (
    <section className={styles.panel} aria-label="Microphone Check" lang="en">
      <h2>Microphone Check</h2>
      {isRecheck && (
        <p>
          Your test was interrupted. Before the next speaking question, check that your microphone
          still records your voice.
        </p>
      )}
      <p>
        Click <strong>Record</strong> and speak for {CHECK_RECORDING_SECONDS} seconds, for example:
        &ldquo;I am taking the PTE Academic practice test today.&rdquo; Then listen to your
        recording. The test cannot {isRecheck ? 'continue' : 'start'} until your voice is recorded
        clearly.
      </p>
      {mic.microphone && <LevelMeter level={mic.level} waveform={mic.waveform} />}
      {mic.problem && <ExamMicrophoneHelp problem={mic.problem} />}
      {playbackUrl && (
        <audio src={playbackUrl} controls autoPlay aria-label="Play back your recording" />
      )}
      {check && (
        <Alert
          className={styles.verdict}
          type={passed ? (check.verdict === 'ok' ? 'success' : 'warning') : 'error'}
          showIcon
          title={passed ? 'Microphone OK' : 'No voice recorded'}
          description={VERDICT_TEXT[check.verdict]}
        />
      )}
      <div className={styles.actions}>
        <Button
          disabled={isRecording || mic.status === 'opening'}
          loading={mic.status === 'opening'}
          onClick={() => void record()}
        >
          {isRecording ? `Recording… ${secondsLeft} s` : check ? 'Record again' : 'Record'}
        </Button>
        <Button
          type="primary"
          disabled={!passed || isRecording}
          onClick={() => {
            mic.close();
            onPassed();
          }}
        >
          Next
        </Button>
      </div>
    </section>
  );
}

export interface ExamCheckInProps {
  /** The paper's English name, shown on the welcome screen. */
  nameEn: string;
  itemCount: number;
  estimatedMinutes: number;
  /** Whether the paper has speaking items (else the microphone check is not needed). */
  hasSpeaking: boolean;
  /** Whether the paper plays audio (speaking prompts or listening): the headset check. */
  hasAudio: boolean;
  /** Everything checked: start the test. */
  onReady: () => void;
  isStarting: boolean;
}

/**
 * Before the test, as the test centre does it: the welcome and instructions, the headset check
 * (a sample plays) and the microphone check (record, level, play back). A microphone that records
 * no voice stops the learner here.
 */
export function ExamCheckIn(props: ExamCheckInProps) {
  // The test's dark bar with its name, as on every screen of the test.
  return (
    <>
      <header className={styles.bar} lang="en">
        <h1>{props.nameEn}</h1>
        {/* The page is full screen: the site's header is not there to leave by. */}
        <Link to="/mock/exam" className={styles.barButton}>
          Exit
        </Link>
      </header>
      <CheckInStep {...props} />
    </>
  );
}

function CheckInStep(props: ExamCheckInProps) {
  const [step, setStep] = useState<Step>('intro');
  const [isPlaying, setIsPlaying] = useState(false);
  const [heard, setHeard] = useState(false);

  if (step === 'intro') {
    return (
      <section className={styles.panel} aria-label="Test Introduction" lang="en">
        <h2>Test Introduction</h2>
        <p>
          This test has {props.itemCount} questions and takes about {props.estimatedMinutes}{' '}
          minutes. It is timed like the real PTE Academic test.
        </p>
        <ul>
          <li>The timer is shown at the top right. When time runs out, your answer is saved.</li>
          <li>Audio plays once and starts by itself. You cannot replay it.</li>
          <li>
            For speaking questions, recording starts after the tone. Speak clearly; the microphone
            closes after 3 seconds of silence.
          </li>
          <li>Click Next to move on. You cannot go back to a question.</li>
          <li>
            Your answers are saved as you go. If the page reloads or the connection drops, you will
            continue from the same question with the time the server holds.
          </li>
        </ul>
        <div className={styles.actions}>
          <Button type="primary" onClick={() => setStep(props.hasAudio ? 'headset' : 'ready')}>
            Next
          </Button>
        </div>
      </section>
    );
  }

  if (step === 'headset') {
    return (
      <section className={styles.panel} aria-label="Headset Check" lang="en">
        <h2>Headset Check</h2>
        <p>
          Put on your headset and click <strong>Play</strong>. You should hear two tones. Adjust the
          volume of your device if needed.
        </p>
        <div className={styles.actions}>
          <Button
            loading={isPlaying}
            onClick={() => {
              setIsPlaying(true);
              void playSample()
                .catch(() => undefined)
                .finally(() => {
                  setIsPlaying(false);
                  setHeard(true);
                });
            }}
          >
            Play
          </Button>
          <Button
            type="primary"
            disabled={!heard}
            onClick={() => setStep(props.hasSpeaking ? 'microphone' : 'ready')}
          >
            Next
          </Button>
        </div>
      </section>
    );
  }

  if (step === 'microphone') return <MicrophoneCheckStep onPassed={() => setStep('ready')} />;
  return (
    <section className={styles.panel} aria-label="Start" lang="en">
      <h2>Ready</h2>
      <p>Click Start to begin the test. The timer starts with the first question.</p>
      <div className={styles.actions}>
        <Button type="primary" loading={props.isStarting} onClick={props.onReady}>
          Start
        </Button>
      </div>
    </section>
  );
}
