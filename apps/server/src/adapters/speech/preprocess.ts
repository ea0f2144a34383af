/**
 * What happens to a recording before the decoder sees it (speech-engine.md §1.4 gotcha 2, §7.2):
 * DC removal, an energy-based check that someone spoke (and neither too quietly nor into a
 * clipping microphone), trimming the silence around the speech down to 0.3 s, and a −55 dBFS
 * noise floor, without which digital silence makes the alignment search fail. Pure and
 * deterministic: the noise comes from a seeded generator, so one recording always scores the same.
 */
import type { UnscorableReason } from '@ninety/scoring';
import { SPEECH_SAMPLE_RATE } from './wav';

/** 10 ms analysis frames, the decoder's own frame rate. */
const FRAME = SPEECH_SAMPLE_RATE / 100;
/** Silence kept before the first and after the last speech frame. */
export const KEEP_SILENCE_SECONDS = 0.3;
/**
 * The noise floor: uniform noise of ±2e-3 (peak −54 dBFS, RMS −59 dBFS), the level that made
 * 17 of 20 failing espeak clips align in the trial (§1.4).
 */
const NOISE_AMPLITUDE = 2e-3;
/** A frame is speech when it is this far above the recording's own background level… */
const SPEECH_ABOVE_BACKGROUND_DB = 12;
/** …and above this absolute level (a microphone's hiss is well below it). */
const SPEECH_MIN_DBFS = -70;
/** Less speech than this (in 10 ms frames) is "no speech": a click or a cough, not an answer. */
const MIN_SPEECH_FRAMES = 15;
/** Speech quieter than this (RMS over speech frames) is refused as "too quiet" (§7.2). */
export const TOO_QUIET_DBFS = -45;
/** A sample at or beyond this magnitude is clipped (§7.2). */
const CLIP_LEVEL = 0.99;
/**
 * The share of speech samples that may be clipped before the recording is refused. A loud
 * plosive that overshoots clips a handful of samples and hardly moves the spectrum the model
 * sees; a microphone gain set too high clips every vowel peak, which runs to several percent of
 * the speech and smears the harmonics across the band. One in 200 sits between the two.
 */
export const CLIPPED_SHARE = 0.005;

export type PreprocessResult =
  | {
      ok: true;
      /** The trimmed, padded recording with its noise floor, ready for the decoder. */
      samples: Float32Array;
      /** Where the trimmed audio starts in the original recording, in seconds. */
      offsetSeconds: number;
      /** RMS level of the speech frames, dBFS. */
      speechDbfs: number;
    }
  | { ok: false; reason: UnscorableReason };

export const dbfs = (meanSquare: number) =>
  meanSquare > 0 ? 10 * Math.log10(meanSquare) : Number.NEGATIVE_INFINITY;

/** mulberry32: a small, fast, seedable generator (the noise need not be cryptographic). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface PreprocessOptions {
  /** Seed of the noise floor; the default keeps results reproducible. */
  seed?: number;
}

/** Mean square of each 10 ms frame, after removing `mean` (the DC offset). */
export function frameEnergies(input: Float32Array, mean = 0): Float64Array {
  const frames = Math.floor(input.length / FRAME);
  const energy = new Float64Array(frames);
  for (let f = 0; f < frames; f += 1) {
    let squares = 0;
    for (let i = f * FRAME; i < (f + 1) * FRAME; i += 1) {
      const value = (input[i] ?? 0) - mean;
      squares += value * value;
    }
    energy[f] = squares / FRAME;
  }
  return energy;
}

/**
 * The level a frame must reach to count as speech. The background is the level of the quieter
 * frames (10th percentile): a recording holds some silence around and between words even when
 * the learner talks throughout.
 */
export function speechThresholdDbfs(energy: Float64Array): number {
  const sorted = Float64Array.from(energy).sort();
  const background = dbfs(sorted[Math.floor(energy.length * 0.1)] ?? 0);
  return Math.max(background + SPEECH_ABOVE_BACKGROUND_DB, SPEECH_MIN_DBFS);
}

export function preprocess(input: Float32Array, options: PreprocessOptions = {}): PreprocessResult {
  const frames = Math.floor(input.length / FRAME);
  if (frames === 0) return { ok: false, reason: 'no-speech' };

  let sum = 0;
  for (const value of input) sum += value;
  const mean = sum / input.length;

  const energy = frameEnergies(input, mean);
  const threshold = speechThresholdDbfs(energy);

  let first = -1;
  let last = -1;
  let speechFrames = 0;
  let speechSquares = 0;
  let speechClipped = 0;
  for (let f = 0; f < frames; f += 1) {
    if (dbfs(energy[f] ?? 0) < threshold) continue;
    if (first < 0) first = f;
    last = f;
    speechFrames += 1;
    speechSquares += energy[f] ?? 0;
    for (let i = f * FRAME; i < (f + 1) * FRAME; i += 1)
      if (Math.abs(input[i] ?? 0) >= CLIP_LEVEL) speechClipped += 1;
  }
  if (speechFrames < MIN_SPEECH_FRAMES) return { ok: false, reason: 'no-speech' };
  const speechDbfs = dbfs(speechSquares / speechFrames);
  if (speechClipped / (speechFrames * FRAME) >= CLIPPED_SHARE)
    return { ok: false, reason: 'clipped' };
  if (speechDbfs < TOO_QUIET_DBFS) return { ok: false, reason: 'too-quiet' };

  // Keep 0.3 s either side of the speech; pad (with the noise floor only) where the recording
  // starts or ends closer to the speech than that.
  const keep = Math.round(KEEP_SILENCE_SECONDS * SPEECH_SAMPLE_RATE);
  const from = Math.max(0, first * FRAME - keep);
  const to = Math.min(input.length, (last + 1) * FRAME + keep);
  const padBefore = keep - (first * FRAME - from);
  const padAfter = keep - (to - (last + 1) * FRAME);
  const output = new Float32Array(padBefore + (to - from) + padAfter);
  const random = seededRandom(options.seed ?? 0x5eed);
  for (let i = 0; i < output.length; i += 1) {
    const source = i - padBefore + from;
    const value = source >= from && source < to ? (input[source] ?? 0) - mean : 0;
    output[i] = value + (random() * 2 - 1) * NOISE_AMPLITUDE;
  }
  return {
    ok: true,
    samples: output,
    offsetSeconds: (from - padBefore) / SPEECH_SAMPLE_RATE,
    speechDbfs,
  };
}
