import { measureLevel } from '../../../lib/audio/level';
import { SPEECH_RMS_THRESHOLD } from '../../../lib/audio/silence';
import { CAPTURE_SAMPLE_RATE } from '../../../lib/audio/wav';

/**
 * The microphone check before a mock exam: the learner speaks for a few seconds, and the recording
 * must hold speech. A microphone that delivers silence (muted, wrong input, a dead headset) stops
 * the learner here, before the test, instead of scoring 10 in speaking afterwards (the market's
 * most bitter complaint).
 */

/** Speech the check needs to hear, in seconds above the speech threshold. */
export const MIN_CHECK_SPEECH_SECONDS = 0.5;
/** Share of samples at full scale above which the learner is told to move the microphone away. */
const CLIPPING_SHARE = 0.02;
const BLOCK_SECONDS = 0.05;

export type MicrophoneVerdict =
  /** Every sample zero: the input delivers nothing (muted, or a device with no signal). */
  | 'silent'
  /** Some signal, but no speech loud enough to score. */
  | 'too-quiet'
  /** Speech heard, but often at full scale: it will distort. Allowed, with advice. */
  | 'clipping'
  | 'ok';

export interface MicrophoneCheck {
  verdict: MicrophoneVerdict;
  /** Seconds of the recording above the speech threshold. */
  speechSeconds: number;
  /** Largest absolute sample, 0…1. */
  peak: number;
}

/** Judges a check recording (16 kHz mono samples). */
export function judgeMicrophone(samples: Float32Array): MicrophoneCheck {
  const blockSize = Math.round(BLOCK_SECONDS * CAPTURE_SAMPLE_RATE);
  let speechSeconds = 0;
  let peak = 0;
  let clipped = 0;
  for (let start = 0; start < samples.length; start += blockSize) {
    const block = samples.subarray(start, start + blockSize);
    const level = measureLevel(block);
    if (level.rms >= SPEECH_RMS_THRESHOLD) speechSeconds += block.length / CAPTURE_SAMPLE_RATE;
    if (level.peak > peak) peak = level.peak;
  }
  for (const sample of samples) if (Math.abs(sample) >= 0.99) clipped += 1;
  const verdict: MicrophoneVerdict =
    peak === 0
      ? 'silent'
      : speechSeconds < MIN_CHECK_SPEECH_SECONDS
        ? 'too-quiet'
        : samples.length > 0 && clipped / samples.length > CLIPPING_SHARE
          ? 'clipping'
          : 'ok';
  return { verdict, speechSeconds: Math.round(speechSeconds * 100) / 100, peak };
}

/** Whether the exam may start with this microphone. */
export function microphonePasses(check: MicrophoneCheck): boolean {
  return check.verdict === 'ok' || check.verdict === 'clipping';
}

/** What the check tells the learner, in English like the rest of the exam screen. */
export const VERDICT_TEXT: Record<MicrophoneVerdict, string> = {
  silent:
    'Nothing was recorded: the microphone may be muted, the wrong input device may be selected, or another program may be using it. Check it and record again; the test cannot go on without a working microphone (speaking would score the minimum).',
  'too-quiet':
    'The recording is too quiet to hear your voice clearly. Move closer to the microphone or raise the input volume, then record again.',
  clipping:
    'Your voice is too loud and distorted. Move the microphone a little further from your mouth or lower the input volume, then record again.',
  ok: 'Your microphone is working.',
};
