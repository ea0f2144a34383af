/** Messages between the pool (main thread) and a speech worker. */
import type { EngineOutcome } from '@ninety/scoring';
import type { PoolReply, PoolRequest } from '../../lib/worker-pool';

/**
 * One part of a long reading cut at a pause (split.ts): the head reads the reference's words
 * before `windowFrom` in full and then the window's words up to any of them; the tail reads the
 * window's words from any of them and then every word from `windowTo` on. Indices count the
 * words of normaliseWords(referenceText).
 */
export interface ReadingPart {
  side: 'head' | 'tail';
  windowFrom: number;
  windowTo: number;
  /** The tail may stop at any word after the window (the recording hit the time limit). */
  cutOff?: boolean;
}

export type SpeechJob =
  | {
      kind: 'align';
      referenceText: string;
      part?: ReadingPart;
      plain?: boolean;
      /**
       * Decode the free phones here too, after the alignment (the default). The pool sets it
       * false when it decodes them as a job of their own on another worker (`phones`).
       */
      freePhones?: boolean;
    }
  /**
   * The free phone decode alone (issue 15's competing hypothesis), beside the alignment: its
   * outcome's alignment has no words, only `free`.
   */
  | { kind: 'phones' }
  | { kind: 'keywords'; keywords: string[]; functionWords?: string[] }
  | { kind: 'answers'; acceptedAnswers: string[] };

/** One decode, as the pool hands it to a worker (lib/worker-pool.ts carries it). */
export interface SpeechTask {
  samples: Float32Array;
  job: SpeechJob;
  /**
   * Set when the pool has already preprocessed the recording and sends one piece of it: where
   * the piece starts in the learner's recording, in seconds. The worker then decodes it as is.
   */
  preparedOffsetSeconds?: number;
}

/** What a worker hands back for one task. */
export interface JobResult {
  outcome: EngineOutcome;
  /** Set for a part of a long reading, so the pool can check the parts meet. */
  read?: ReadSpan;
}

export type ToWorker = PoolRequest<SpeechTask>;
export type FromWorker = PoolReply<JobResult>;

/**
 * The reference words a part read, as [from, to) among the reference's words the dictionary
 * knows (`known` of them): the halves meet when the head's `to` is the tail's `from`.
 */
export interface ReadSpan {
  from: number;
  to: number;
  known: number;
}

/** What the pool hands each worker at start. */
export interface WorkerInit {
  /** Absolute, with a trailing slash (gotcha 1). */
  modelBase: string;
  modelName: string;
  /** Readings searched with reduced-vowel variants and competing words (issue 15); default on. */
  readingAlternatives?: boolean;
  /** The competitors' prior and commonest rank when not the server's (decode.ts): trials only. */
  competitorTrial?: { weight?: number; maxRank?: number };
  /** More settings for the main decoder (`{"ds": 2}`): trials only, never the server's. */
  decoderTrial?: Record<string, number>;
}
