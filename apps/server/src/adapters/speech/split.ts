/**
 * Cuts a prepared recording at its pauses so an open answer (DI, RL, RTS, SGD) can be decoded in
 * pieces on several workers. Keyword grammars carry a phone loop whose search state grows with
 * every frame: a 40 s answer in one piece took ~17 s of a core and a 900 MB heap, and time and
 * memory both grow with the piece's length. Keywords are short and said within a
 * breath, so a cut inside a pause does not split one; forced alignment (RA, RS) is not cut,
 * because it needs the whole reference at once.
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
export function splitAtPauses(samples: Float32Array, options: SplitOptions): Piece[] {
  const mask = speechMask(samples);
  const minPause = Math.round(options.minPauseSeconds * 100);
  // Candidate cuts: the middle frame of every run of silence long enough, between speech.
  const cuts: number[] = [];
  let runStart = -1;
  let seenSpeech = false;
  for (let f = 0; f <= mask.length; f += 1) {
    const speech = f === mask.length ? true : mask[f];
    if (!speech) {
      if (runStart < 0) runStart = f;
      continue;
    }
    if (runStart >= 0 && seenSpeech && f < mask.length && f - runStart >= minPause) {
      cuts.push(Math.floor((runStart + f) / 2));
    }
    runStart = -1;
    seenSpeech = true;
  }

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
