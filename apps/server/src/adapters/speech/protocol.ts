/** Messages between the pool (main thread) and a speech worker. */
import type { EngineOutcome } from '@ninety/scoring';

export type SpeechJob =
  | { kind: 'align'; referenceText: string }
  | { kind: 'keywords'; keywords: string[]; functionWords?: string[] }
  | { kind: 'answers'; acceptedAnswers: string[] };

export interface ToWorker {
  id: number;
  samples: Float32Array;
  job: SpeechJob;
  /**
   * Set when the pool has already preprocessed the recording and sends one piece of it: where
   * the piece starts in the learner's recording, in seconds. The worker then decodes it as is.
   */
  preparedOffsetSeconds?: number;
}

export interface WorkerMemory {
  /** The WebAssembly heap (it only grows, gotcha 8). */
  wasmBytes: number;
  /** This worker's JavaScript heap. */
  jsHeapBytes: number;
}

export type FromWorker =
  | { type: 'ready'; memory: WorkerMemory; loadMs: number }
  | { type: 'failed-to-start'; message: string }
  | {
      type: 'done';
      id: number;
      outcome: EngineOutcome;
      memory: WorkerMemory;
      decodeMs: number;
    }
  | { type: 'error'; id: number; message: string; memory: WorkerMemory };

/** What the pool hands each worker at start. */
export interface WorkerInit {
  /** Absolute, with a trailing slash (gotcha 1). */
  modelBase: string;
  modelName: string;
}
