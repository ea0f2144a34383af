import { Alert } from 'antd';
import type { MicrophoneProblem } from '../../lib/audio/devices';

/**
 * What the runner says on the mock exam's screen, which is in English like the test's own (the
 * practice pages keep their Chinese). Only the messages an exam can show are here.
 */
export const EXAM_TEXT = {
  draftRestored:
    'Your saved answer has been restored. The timer continues with the time already used.',
  introductionNote:
    'This introduction is not scored. Your recording stays on this device and is not uploaded.',
  microphoneLostBeforeRecording:
    'The microphone was disconnected before recording started. Reconnect it (check the cable, other programs and the browser permission), then click Record again.',
  microphoneLostDuringRecording:
    'The microphone was disconnected. The recording ends where it stopped and what was recorded is saved. Reconnect the microphone before the next question.',
  microphoneLostNothingRecorded:
    'The microphone was disconnected and nothing was recorded. Reconnect it (check the cable, other programs and the browser permission), then record again.',
  microphoneLostTitle: 'Microphone disconnected',
  uploadFailed: 'Your answer could not be saved. Check your connection and click Retry.',
  retry: 'Retry',
  audioBlocked: 'The browser blocked the audio',
  clickToPlay: 'Click to play',
  audioFailed: 'The audio could not be loaded and was skipped',
  timeUp: 'Time is up',
  chinesePunctuation:
    'Chinese punctuation (，。；：！？) is read as English punctuation; use English punctuation.',
  volume: 'Volume',
} as const;

/** What to do when the microphone cannot be opened, in English for the exam screen. */
export const EXAM_MICROPHONE_HELP: Record<MicrophoneProblem, { title: string; steps: string[] }> = {
  denied: {
    title: 'The browser may not use the microphone',
    steps: [
      'Click the lock icon left of the address bar, set Microphone to Allow, then reload the page.',
      'On Windows or macOS, allow the browser to use the microphone in the privacy settings.',
    ],
  },
  'not-found': {
    title: 'No microphone was found',
    steps: [
      'Check that the headset or microphone is plugged in, then reload the page.',
      'In the sound settings, choose the right input device.',
    ],
  },
  busy: {
    title: 'The microphone is in use or cannot start',
    steps: [
      'Close other programs or tabs that use the microphone.',
      'Unplug the microphone and plug it in again, then reload the page.',
    ],
  },
  unsupported: {
    title: 'This browser cannot record',
    steps: ['Use the latest Chrome or Edge, on an https address.'],
  },
  unknown: {
    title: 'The microphone could not be opened',
    steps: ['Reload the page; your answers are saved. If it still fails, use the latest Chrome.'],
  },
};

/** The exam's microphone problem notice (the practice pages use MicrophoneHelp, in Chinese). */
export function ExamMicrophoneHelp({ problem }: { problem: MicrophoneProblem }) {
  const help = EXAM_MICROPHONE_HELP[problem];
  return (
    <Alert
      type="warning"
      showIcon
      role="alert"
      title={help.title}
      description={
        <ol style={{ margin: 0, paddingInlineStart: 20 }}>
          {help.steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      }
    />
  );
}
