/**
 * What the speech engine hands the speaking scorers (speech-engine.md §1.2, §7.1): the decoded
 * timeline of one recording, in seconds from the start of the (trimmed) audio. The engine adapter
 * (apps/server, soundswallower) produces it; the pure scorers in this folder read it, so they can
 * be tested on committed JSON fixtures without audio.
 */

export interface AlignedPhone {
  /** ARPAbet phone as the model names it (e.g. "AE"), or "SIL". */
  phone: string;
  start: number;
  duration: number;
  /** The engine's `p` (exp of the segment score, 3 decimals; 1 is best). */
  p: number;
  /** Frames at 100 per second (duration × 100, rounded). */
  frames: number;
}

export interface AlignedWord {
  /**
   * The word without its alternate-pronunciation suffix ("which(2)" → "which"); silence is
   * "<sil>", fillers and noise keep the engine's names ("[NOISE]", "<sil>", "um", "uh").
   */
  word: string;
  start: number;
  duration: number;
  p: number;
  phones: AlignedPhone[];
  /**
   * A reading's word the search took as one of its competitors (issue 15: a dictionary word one
   * phone away that the audio fits better): the word read in its place.
   */
  heardAs?: string;
  /**
   * A keyword heard through one of its spoken variants (non-rhotic or reduced vowels), not a
   * dictionary pronunciation (issue 15): weaker evidence that it was said.
   */
  spokenVariant?: boolean;
}

export interface Alignment {
  /** How it was decoded: forced alignment of a reference text, or a keyword / answer grammar. */
  mode: 'align' | 'keywords' | 'answers';
  /** Whether the pruned search failed and the unpruned retry (beam 0) produced this. */
  retried: boolean;
  /**
   * Forced alignment failed and the reading was decoded as the text's first words only (the
   * learner stopped early): the reference words after the last one here were not said.
   */
  stoppedEarly?: boolean;
  /** Seconds of audio decoded (after trimming). */
  audioSeconds: number;
  words: AlignedWord[];
  /**
   * Reading grammars that may skip a reference word (issue 15): a reference word missing from
   * `words` was not said. Without it every reference word must be there.
   */
  skippable?: boolean;
  /**
   * The free phone decode of the same audio (issue 15, goodness of pronunciation): the phones that
   * fit it best whatever was read, the competing hypothesis each aligned phone is compared with.
   */
  free?: AlignedPhone[];
}

/** Why a recording could not be scored at all ("没有听清" rather than a score). */
export type UnscorableReason = 'no-speech' | 'too-quiet' | 'clipped' | 'decode-failed';

export type EngineOutcome =
  { ok: true; alignment: Alignment } | { ok: false; reason: UnscorableReason };
