/**
 * The speech engine as the rest of the server sees it (design §6): decode one recording against
 * a reference text, an item's keywords or its accepted answers, and hand back the timeline the
 * speaking scorers read (@ninety/scoring `Alignment`). The implementation is a pool of worker
 * threads running soundswallower (speech-worker-pool.ts); tests may substitute their own.
 */
import type { EngineOutcome } from '@ninety/scoring';

export interface SpeechEngine {
  /**
   * Forced alignment of `referenceText` (Read Aloud, Repeat Sentence). `samples` is the
   * recording as parseWav returns it (16 kHz, [-1, 1]); preprocessing happens inside the engine.
   */
  align(
    samples: Float32Array,
    referenceText: string,
    options?: AlignOptions,
  ): Promise<EngineOutcome>;
  /** Keyword spotting over the item's keywords (DI, RL, RTS, SGD); each keyword may be a phrase. */
  spotKeywords(
    samples: Float32Array,
    keywords: readonly string[],
    options?: SpotKeywordsOptions,
  ): Promise<EngineOutcome>;
  /** Accepted-answer grammar (ASQ): an accepted answer among garbage, or garbage only. */
  matchAnswers(
    samples: Float32Array,
    acceptedAnswers: readonly string[],
    options?: JobOptions,
  ): Promise<EngineOutcome>;
  /** Starts the workers and loads the model now rather than on the first recording. */
  warmUp(): Promise<void>;
  /** Stops the workers; pending and queued jobs reject with SpeechEngineError('closed'). */
  close(): Promise<void>;
}

export interface JobOptions {
  /**
   * The learner went away (the upload's connection closed): a job still waiting in the queue is
   * dropped with SpeechEngineError('aborted'). One already decoding finishes, since stopping it
   * would cost a worker and its model load.
   */
  signal?: AbortSignal;
}

export interface AlignOptions extends JobOptions {
  /**
   * The recording ran to the item's time limit, so the reading may end before the text does:
   * a long reading's second half may then stop at any word (speech-jobs.ts).
   */
  cutOff?: boolean;
  /**
   * Plain forced alignment, for content whose every word is known to be said (the 精听
   * materials' cues): no skip arcs, no halves, no free phone decode. With skip arcs a long
   * recording's pruned search could skip a run of sentences as silence (hcs-0005: 98 of 146
   * words, 45 s of speech).
   */
  plain?: boolean;
}

export interface SpotKeywordsOptions extends JobOptions {
  /** Replaces the built-in function-word list (grammar.ts FUNCTION_WORDS). */
  functionWords?: readonly string[];
}

export type SpeechEngineErrorCode =
  | 'timeout'
  | 'engine-error'
  | 'worker-exited'
  | 'closed'
  /** The queue is full: more recordings are waiting than the workers clear in a few seconds. */
  | 'busy'
  | 'aborted';

/**
 * An operational failure, not a property of the recording (those are `{ ok: false, reason }`):
 * the job may be retried.
 */
export class SpeechEngineError extends Error {
  override name = 'SpeechEngineError';
  constructor(
    readonly code: SpeechEngineErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/**
 * An engine created on first use, so a server (or a test app) that never scores speech never
 * starts workers or loads the model. Closing one that was never used does nothing.
 */
export function lazySpeechEngine(create: () => SpeechEngine): SpeechEngine {
  let engine: SpeechEngine | null = null;
  let closed = false;
  const get = () => {
    if (closed) throw new SpeechEngineError('closed', 'the speech engine has been closed');
    engine ??= create();
    return engine;
  };
  return {
    align: async (samples, referenceText, options) => get().align(samples, referenceText, options),
    spotKeywords: async (samples, keywords, options) =>
      get().spotKeywords(samples, keywords, options),
    matchAnswers: async (samples, answers, options) =>
      get().matchAnswers(samples, answers, options),
    warmUp: async () => get().warmUp(),
    close: async () => {
      closed = true;
      await engine?.close();
    },
  };
}
