/**
 * Cuts a prepared recording at its pauses so it can be decoded in pieces on several workers.
 *
 * Open answers (DI, RL, RTS, SGD): keyword grammars carry a phone loop whose search state grows
 * with every frame; a 40 s answer in one piece took ~17 s of a core and a 900 MB heap. Keywords
 * are short and said within a breath, so a cut inside a pause does not split one.
 *
 * Long readings (RA): aligning 40 s costs ~1 s of search and ~1.7 s of phone alignment, both
 * growing with the frames, so two halves on two workers take about half as long. Where the pause
 * falls in the text is only estimated here; the halves' grammars leave a window of words open
 * around the estimate, and the pool checks the halves meet (speech-jobs.ts).
 */
import { dbfs, frameEnergies, speechThresholdDbfs } from './preprocess';
import { SPEECH_SAMPLE_RATE } from './wav';

const FRAME = SPEECH_SAMPLE_RATE / 100;
/** A pause is this far below the loud frames (the 90th percentile), whatever the background. */
const PAUSE_BELOW_SPEECH_DB = 25;

/**
 * Which frames are speech. The trimmed answer of a fluent speaker may hold less than the 10 % of
 * silence the background estimate assumes, so the threshold is also bounded from the speech's
 * own level: a cut must never fall on a quiet syllable.
 */
function speechMask(samples: Float32Array): boolean[] {
  const energy = frameEnergies(samples);
  const sorted = Float64Array.from(energy).sort();
  const loud = dbfs(sorted[Math.floor(energy.length * 0.9)] ?? 0);
  const threshold = Math.min(speechThresholdDbfs(energy), loud - PAUSE_BELOW_SPEECH_DB);
  return Array.from(energy, (value) => dbfs(value) >= threshold);
}

export interface SplitOptions {
  /** A piece grows until it passes this; then it ends at its latest pause. */
  targetSeconds: number;
  /** Pieces shorter than this are not cut off (a stray pause just after a cut). */
  minSeconds: number;
  /** Only a silence this long is a pause to cut in. */
  minPauseSeconds: number;
}

export const KEYWORD_SPLIT: SplitOptions = {
  targetSeconds: 8,
  minSeconds: 3,
  minPauseSeconds: 0.25,
};

/** A piece as [start, end) sample indices into the recording. */
export interface Piece {
  start: number;
  end: number;
}

/**
 * The pieces, in order, covering the whole recording; each cut falls in the middle of a pause.
 * A recording with no pause long enough stays one piece, however long.
 */
/** The middle frame of every run of silence of at least `minPauseFrames`, between speech. */
function pauseMiddles(mask: readonly boolean[], minPauseFrames: number): number[] {
  const middles: number[] = [];
  let runStart = -1;
  let seenSpeech = false;
  for (let f = 0; f <= mask.length; f += 1) {
    const speech = f === mask.length ? true : mask[f];
    if (!speech) {
      if (runStart < 0) runStart = f;
      continue;
    }
    if (runStart >= 0 && seenSpeech && f < mask.length && f - runStart >= minPauseFrames) {
      middles.push(Math.floor((runStart + f) / 2));
    }
    runStart = -1;
    seenSpeech = true;
  }
  return middles;
}

export function splitAtPauses(samples: Float32Array, options: SplitOptions): Piece[] {
  const mask = speechMask(samples);
  const cuts = pauseMiddles(mask, Math.round(options.minPauseSeconds * 100));

  const target = options.targetSeconds * 100;
  const minimum = options.minSeconds * 100;
  const total = mask.length;
  const pieces: Piece[] = [];
  let start = 0;
  /** The last pause that keeps the current piece within the target. */
  let latest = -1;
  const cutAt = (frame: number) => {
    pieces.push({ start: start * FRAME, end: frame * FRAME });
    start = frame;
    latest = -1;
  };
  for (const cut of cuts) {
    if (total - cut < minimum) break;
    if (cut - start < minimum) continue;
    if (cut - start <= target) {
      latest = cut;
      continue;
    }
    if (latest > start) {
      cutAt(latest);
      if (cut - start < minimum) continue;
      if (cut - start <= target) {
        latest = cut;
        continue;
      }
    }
    // No pause inside the target: the piece ends at the first one after it.
    cutAt(cut);
  }
  if (total - start > target && latest > start) cutAt(latest);
  pieces.push({ start: start * FRAME, end: samples.length });
  return pieces;
}

export interface ReadingSplitOptions {
  /** Readings shorter than this are aligned whole. */
  minSeconds: number;
  minPauseSeconds: number;
  /** The cut must leave between this share of the speech and its complement before it. */
  minSpeechShare: number;
  /** The words left open either side of the estimated cut, as a share of the words… */
  windowShare: number;
  /** …and at least this many. */
  minWindowWords: number;
  /**
   * A reading the time limit cut off covers an unknown part of the text, at least
   * `cutOffMinCoverage` of it, so the estimate (which assumes all of it) may run late; and the
   * tail must read every word up to the window's end. The cut goes at the pause nearest
   * `cutOffSpeechShare` of the speech, the window reaches down to the estimate at the least
   * coverage and only `cutOffWindowShare` of the words above the estimate at full coverage, so
   * its end stays within what even the least coverage has read.
   */
  cutOffSpeechShare: number;
  cutOffMinCoverage: number;
  cutOffWindowShare: number;
}

/**
 * Readings are cut in two only (ADR 0011). Pieces move word penalties: in the espeak trial halves
 * came out ~0.45 nats/frame lower than the whole (why is not established: a half's features are
 * normalised on its own, and its frames are scored against fewer of the text's phones) and three
 * or four pieces 0.9–1.2 lower. Halves of a 40 s reading
 * are about as long as the 8–20 s clips the §7.4 constants were fitted on, and more pieces would
 * gain nothing on two cores.
 */
export const READING_SPLIT: ReadingSplitOptions = {
  minSeconds: 24,
  minPauseSeconds: 0.25,
  minSpeechShare: 0.35,
  windowShare: 0.2,
  minWindowWords: 6,
  cutOffSpeechShare: 0.35,
  cutOffMinCoverage: 0.5,
  cutOffWindowShare: 0.08,
};

export interface ReadingSplit {
  /** Sample index of the cut, in the middle of a pause. */
  cut: number;
  /** Words [windowFrom, windowTo) of the reference may fall either side of the cut. */
  windowFrom: number;
  windowTo: number;
}

/**
 * Where to cut a long reading of `words` (normalised reference words): the pause that best
 * halves the speech, and the words around the one the speech before it reaches, estimated by
 * letters (a rough stand-in for phones). Null when the reading is short or has no usable pause.
 *
 * For a reading the time limit cut off (`cutOff`) the tail must still read every word up to the
 * window's end, which a slow reader may never have reached: the cut goes early in the speech, the
 * window reaches back to the word the estimate would give had only half the text been read, and
 * little beyond the estimate for all of it.
 */
export function planReadingSplit(
  samples: Float32Array,
  words: readonly string[],
  cutOff = false,
  options: ReadingSplitOptions = READING_SPLIT,
): ReadingSplit | null {
  if (samples.length < options.minSeconds * SPEECH_SAMPLE_RATE || words.length < 4) return null;
  const mask = speechMask(samples);
  const speechBefore: number[] = [0];
  for (const speech of mask) speechBefore.push((speechBefore.at(-1) ?? 0) + (speech ? 1 : 0));
  const totalSpeech = speechBefore.at(-1) ?? 0;
  if (totalSpeech === 0) return null;

  const target = cutOff ? options.cutOffSpeechShare : 0.5;
  let best: { frame: number; share: number } | null = null;
  for (const frame of pauseMiddles(mask, Math.round(options.minPauseSeconds * 100))) {
    const share = (speechBefore[frame] ?? 0) / totalSpeech;
    if (share < options.minSpeechShare || share > 1 - options.minSpeechShare) continue;
    if (!best || Math.abs(share - target) < Math.abs(best.share - target)) best = { frame, share };
  }
  if (!best) return null;

  const letters = words.map((word) => word.length);
  const totalLetters = letters.reduce((sum, n) => sum + n, 0);
  let estimate = 0;
  for (let sum = 0; estimate < words.length; estimate += 1) {
    if (sum + (letters[estimate] ?? 0) / 2 > best.share * totalLetters) break;
    sum += letters[estimate] ?? 0;
  }
  const share = cutOff ? options.cutOffWindowShare : options.windowShare;
  const half = Math.max(options.minWindowWords, Math.round(words.length * share));
  const lowest = cutOff ? Math.round(estimate * options.cutOffMinCoverage) : estimate;
  // Each side keeps at least one word it must read.
  const windowFrom = Math.min(Math.max(1, lowest - half), words.length - 1);
  const windowTo = Math.max(Math.min(words.length - 1, estimate + half), windowFrom);
  return { cut: best.frame * FRAME, windowFrom, windowTo };
}
