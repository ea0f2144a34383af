/**
 * What jobs one recording becomes on the worker pool (speech-engine.md §7.1): a long reading is
 * aligned in two halves side by side, a keyword answer in pieces cut at its pauses, anything else
 * as one job. The pool (lib/worker-pool.ts) only runs the jobs; the choices are made here.
 */
import type { EngineOutcome } from '@ninety/scoring';
import type { WorkerPool } from '../../lib/worker-pool';
import { SpeechEngineError, type AlignOptions, type SpotKeywordsOptions } from './engine';
import { normaliseWords } from './normalise';
import { KEEP_SILENCE_SECONDS, preprocess } from './preprocess';
import type { JobResult, SpeechJob, SpeechTask } from './protocol';
import { KEYWORD_SPLIT, READING_SPLIT, planReadingSplit, splitAtPauses } from './split';
import { SPEECH_SAMPLE_RATE } from './wav';

export type SpeechPool = WorkerPool<SpeechTask, JobResult>;

/** A recording that ran to the limit but whose speech ended this long before it was finished. */
const CUT_OFF_MAX_TRAILING_SILENCE_SECONDS = 1;

/**
 * Long readings aligned in two halves, those of them cut off by the time limit, and those whose
 * halves did not meet (then aligned whole).
 */
export interface ReadingCounts {
  inHalves: number;
  cutOff: number;
  halvesDidNotMeet: number;
}

/**
 * The pieces of one answer as one timeline. A piece the decoder could not read adds nothing, as
 * if it were garbage; the answer fails only when no piece could be read.
 */
export function joinPieces(
  outcomes: readonly EngineOutcome[],
  audioSeconds: number,
): EngineOutcome {
  const read = outcomes.flatMap((outcome) => (outcome.ok ? [outcome.alignment] : []));
  const [first] = read;
  if (!first) return outcomes[0] ?? { ok: false, reason: 'decode-failed' };
  // The free phones are a competing hypothesis only where every piece has them.
  const free = read.every((alignment) => alignment.free)
    ? { free: read.flatMap((alignment) => alignment.free ?? []) }
    : {};
  return {
    ok: true,
    alignment: {
      mode: first.mode,
      retried: read.some((alignment) => alignment.retried),
      audioSeconds: Math.round(audioSeconds * 1000) / 1000,
      words: read.flatMap((alignment) => alignment.words),
      ...(read.every((alignment) => alignment.skippable) ? { skippable: true } : {}),
      ...free,
    },
  };
}

/** One job for the whole recording; the worker preprocesses it, off the main thread. */
export async function runWhole(
  pool: SpeechPool,
  samples: Float32Array,
  job: SpeechJob,
  signal: AbortSignal | undefined,
): Promise<EngineOutcome> {
  pool.checkRoom(1, signal);
  return (await pool.run({ samples, job }, signal)).outcome;
}

/**
 * A long reading (READING_SPLIT.minSeconds or more) is cut at a pause near the middle of its
 * speech and its halves aligned side by side (split.ts): a 40 s Read Aloud took ~2.6 s whole.
 * The halves' grammars leave the words around the estimated cut open; when the halves do not
 * meet exactly (a word at the cut read by both, or by neither), or a half cannot be decoded,
 * the reading is aligned whole; so it is when the queue has room for one job but not two.
 * A reading the time limit cut off may end at any word of its second half, which is then
 * marked as stopped early, as the whole reading's fallback grammar would.
 */
export async function alignReading(
  pool: SpeechPool,
  samples: Float32Array,
  referenceText: string,
  options: AlignOptions & { splitReadings: boolean; readings: ReadingCounts },
): Promise<EngineOutcome> {
  const { signal, readings } = options;
  if (options.plain) {
    return runWhole(pool, samples, { kind: 'align', referenceText, plain: true }, signal);
  }
  const job: SpeechJob = { kind: 'align', referenceText };
  if (!options.splitReadings || samples.length < READING_SPLIT.minSeconds * SPEECH_SAMPLE_RATE) {
    return runWhole(pool, samples, job, signal);
  }
  pool.checkRoom(1, signal);
  const prepared = preprocess(samples);
  if (!prepared.ok) return prepared;
  const whole = async () =>
    (
      await pool.run(
        { samples: prepared.samples, job, preparedOffsetSeconds: prepared.offsetSeconds },
        signal,
      )
    ).outcome;
  // Cut off means still speaking when the clock stopped: a reading that ended in silence a
  // second or more before the limit was finished, and keeps the balanced, quicker halves.
  const speechEnd =
    prepared.offsetSeconds + prepared.samples.length / SPEECH_SAMPLE_RATE - KEEP_SILENCE_SECONDS;
  const cutOff =
    (options.cutOff ?? false) &&
    samples.length / SPEECH_SAMPLE_RATE - speechEnd < CUT_OFF_MAX_TRAILING_SILENCE_SECONDS;
  const plan = planReadingSplit(prepared.samples, normaliseWords(referenceText), cutOff);
  if (!plan || !pool.hasRoom(2)) return whole();
  const { windowFrom, windowTo } = plan;
  const halves = pool
    .runAll(
      [
        {
          samples: prepared.samples.slice(0, plan.cut),
          job: { ...job, part: { side: 'head', windowFrom, windowTo } },
          preparedOffsetSeconds: prepared.offsetSeconds,
        },
        {
          samples: prepared.samples.slice(plan.cut),
          job: { ...job, part: { side: 'tail', windowFrom, windowTo, cutOff } },
          preparedOffsetSeconds: prepared.offsetSeconds + plan.cut / SPEECH_SAMPLE_RATE,
        },
      ],
      signal,
    )
    .catch((error: unknown) => {
      // A half the worker could not decode (say, a grammar the engine refused) is not the
      // recording's fault: the whole reading may still be aligned. Anything else stands.
      if (error instanceof SpeechEngineError && error.code === 'engine-error') return [];
      throw error;
    });
  const [head, tail] = await halves;
  readings.inHalves += 1;
  if (cutOff) readings.cutOff += 1;
  if (!head?.read || !tail?.read || head.read.to !== tail.read.from) {
    readings.halvesDidNotMeet += 1;
    return whole();
  }
  const joined = joinPieces(
    [head.outcome, tail.outcome],
    prepared.samples.length / SPEECH_SAMPLE_RATE,
  );
  if (!joined.ok || tail.read.to === tail.read.known) return joined;
  return { ok: true, alignment: { ...joined.alignment, stoppedEarly: true } };
}

/**
 * Keyword spotting is cut at the answer's pauses (split.ts) and the pieces decoded side by side
 * on the pool's workers: a 40 s answer took ~17 s and a 900 MB heap in one piece, ~9 s in pieces.
 * The recording is preprocessed here once, so the pieces share its checks and its timeline.
 */
export async function spotKeywordsInPieces(
  pool: SpeechPool,
  samples: Float32Array,
  keywords: readonly string[],
  options: SpotKeywordsOptions,
): Promise<EngineOutcome> {
  const job: SpeechJob = {
    kind: 'keywords',
    keywords: [...keywords],
    ...(options.functionWords ? { functionWords: [...options.functionWords] } : {}),
  };
  // Refused before the preprocessing, which is the main thread's work.
  pool.checkRoom(1, options.signal);
  const prepared = preprocess(samples);
  if (!prepared.ok) return prepared;
  const pieces = splitAtPauses(prepared.samples, KEYWORD_SPLIT);
  pool.checkRoom(pieces.length, options.signal);
  const results = await pool.runAll(
    pieces.map((piece) => ({
      // slice, not subarray: a view would post the whole recording to the worker.
      samples: prepared.samples.slice(piece.start, piece.end),
      job,
      preparedOffsetSeconds: prepared.offsetSeconds + piece.start / SPEECH_SAMPLE_RATE,
    })),
    options.signal,
  );
  return joinPieces(
    results.map((result) => result.outcome),
    prepared.samples.length / SPEECH_SAMPLE_RATE,
  );
}
