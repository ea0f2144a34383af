/**
 * What jobs one recording becomes on the worker pool (speech-engine.md §7.1): a long reading is
 * aligned in two halves side by side, a keyword answer in pieces cut at its pauses, anything else
 * as one job. The pool (lib/worker-pool.ts) only runs the jobs; the choices are made here.
 */
import type { AlignedPhone, EngineOutcome } from '@ninety/scoring';
import type { WorkerPool } from '../../lib/worker-pool';
import { SpeechEngineError, type AlignOptions, type SpotKeywordsOptions } from './engine';
import { normaliseWords } from './normalise';
import { KEEP_SILENCE_SECONDS, preprocess } from './preprocess';
import type { JobResult, SpeechJob, SpeechTask } from './protocol';
import { KEYWORD_SPLIT, READING_SPLIT, planReadingSplit, splitAtPauses, type Piece } from './split';
import { SPEECH_SAMPLE_RATE } from './wav';

/** The worker pool as the jobs below use it (speech-worker-pool.ts counts what it runs). */
export type SpeechPool = Pick<
  WorkerPool<SpeechTask, JobResult>,
  'run' | 'runAll' | 'checkRoom' | 'hasRoom'
> & {
  /** Workers with nothing to decode right now. */
  idleWorkers(): number;
};

/**
 * The pool with a count of the tasks it was given and has not finished: a worker is idle when
 * fewer than the workers are out (tasks wait in the queue only when every worker is busy). A
 * set run together counts until its last task ends, which errs towards "busy".
 */
export function countingPool(pool: WorkerPool<SpeechTask, JobResult>, workers: number): SpeechPool {
  let out = 0;
  const counted = async <T>(tasks: number, work: () => Promise<T>): Promise<T> => {
    out += tasks;
    try {
      return await work();
    } finally {
      out -= tasks;
    }
  };
  return {
    run: (task, signal) => counted(1, () => pool.run(task, signal)),
    runAll: (tasks, signal) => counted(tasks.length, () => pool.runAll(tasks, signal)),
    checkRoom: (tasks, signal) => pool.checkRoom(tasks, signal),
    hasRoom: (tasks) => pool.hasRoom(tasks),
    idleWorkers: () => Math.max(0, workers - out),
  };
}

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
  const short =
    !options.splitReadings || samples.length < READING_SPLIT.minSeconds * SPEECH_SAMPLE_RATE;
  const alignOnly: SpeechJob = { ...job, freePhones: false };
  if (short) {
    // Beside the alignment only on a worker that would otherwise wait: with every worker busy
    // (a mock exam's answers) two jobs do the same work as one, and take two places in the queue.
    if (pool.idleWorkers() < 2) return runWhole(pool, samples, job, signal);
    // The alignment first in the queue, the free phones beside it on the other worker; each
    // worker preprocesses the recording itself (the same deterministic result), off this thread.
    const freeStop = stopWith(signal);
    const aligned = pool.run({ samples, job: alignOnly }, signal);
    const free = freePhones(pool, [{ samples, job: PHONES_JOB }], freeStop.signal);
    return withFree((await freeStop.unlessFails(aligned)).outcome, valueOf(await free));
  }
  pool.checkRoom(1, signal);
  const prepared = preprocess(samples);
  if (!prepared.ok) return prepared;
  const all = prepared.samples.length;
  const piece = (from: number, to: number, pieceJob: SpeechJob): SpeechTask => ({
    // slice, not subarray: a view would post the whole recording to the worker.
    samples: from === 0 && to === all ? prepared.samples : prepared.samples.slice(from, to),
    job: pieceJob,
    preparedOffsetSeconds: prepared.offsetSeconds + from / SPEECH_SAMPLE_RATE,
  });
  // Cut off means still speaking when the clock stopped: a reading that ended in silence a
  // second or more before the limit was finished, and keeps the balanced, quicker halves.
  const speechEnd = prepared.offsetSeconds + all / SPEECH_SAMPLE_RATE - KEEP_SILENCE_SECONDS;
  const cutOff =
    (options.cutOff ?? false) &&
    samples.length / SPEECH_SAMPLE_RATE - speechEnd < CUT_OFF_MAX_TRAILING_SILENCE_SECONDS;
  const plan = planReadingSplit(prepared.samples, normaliseWords(referenceText), cutOff);
  if (!plan || !pool.hasRoom(2)) return (await pool.run(piece(0, all, job), signal)).outcome;
  const { windowFrom, windowTo } = plan;
  // Each half's worker decodes its free phones after its alignment (both workers are busy with
  // the halves already: separate jobs would do the same work in the same time).
  const halves = pool
    .runAll(
      [
        piece(0, plan.cut, { ...job, part: { side: 'head', windowFrom, windowTo } }),
        piece(plan.cut, all, { ...job, part: { side: 'tail', windowFrom, windowTo, cutOff } }),
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
  const whole = async () => (await pool.run(piece(0, all, job), signal)).outcome;
  if (!head?.read || !tail?.read || head.read.to !== tail.read.from) {
    readings.halvesDidNotMeet += 1;
    return whole();
  }
  const joined = joinPieces([head.outcome, tail.outcome], all / SPEECH_SAMPLE_RATE);
  if (!joined.ok || tail.read.to === tail.read.known) return joined;
  return { ok: true, alignment: { ...joined.alignment, stoppedEarly: true } };
}

const PHONES_JOB: SpeechJob = { kind: 'phones' };

/**
 * A signal for the free phone jobs: aborted with the learner's, and when the alignment they
 * belong to fails, so jobs still queued for it are dropped rather than decoded for nothing (on a
 * one-worker pool a timed-out reading would otherwise time its free phones out after it).
 */
function stopWith(signal: AbortSignal | undefined) {
  const controller = new AbortController();
  if (signal?.aborted) controller.abort();
  signal?.addEventListener('abort', () => controller.abort(), { once: true });
  return {
    signal: controller.signal,
    unlessFails: async <T>(work: Promise<T>): Promise<T> => {
      try {
        return await work;
      } catch (error) {
        controller.abort();
        throw error;
      }
    },
  };
}

type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

const valueOf = <T>(result: Settled<T>): T => {
  if (!result.ok) throw result.error;
  return result.value;
};

/**
 * The free phone decode of the pieces, side by side with the alignment (issue 15: run on its
 * own, it no longer waits for the alignment on the same worker). It never rejects, since it is
 * awaited after the alignment: an operational failure is handed back and thrown then, as the
 * alignment's own would be; a search that found nothing is `undefined`, and the scorer judges
 * words by their penalties alone, as it did when the combined job's free decode failed.
 */
async function freePhones(
  pool: SpeechPool,
  tasks: readonly SpeechTask[],
  signal: AbortSignal | undefined,
): Promise<Settled<AlignedPhone[] | undefined>> {
  try {
    const results = await pool.runAll(tasks, signal);
    const phones: AlignedPhone[] = [];
    for (const result of results) {
      if (!result.outcome.ok || !result.outcome.alignment.free)
        return { ok: true, value: undefined };
      phones.push(...result.outcome.alignment.free);
    }
    return { ok: true, value: phones };
  } catch (error) {
    return { ok: false, error };
  }
}

/**
 * The alignment with the free phones beside it. A reading decoded as stopped early by the
 * whole reading's fallback grammar never had them (decode.ts), and keeps the penalty rules.
 */
function withFree(outcome: EngineOutcome, free: AlignedPhone[] | undefined): EngineOutcome {
  if (!outcome.ok || !free || outcome.alignment.stoppedEarly) return outcome;
  return { ok: true, alignment: { ...outcome.alignment, free } };
}

/**
 * An open answer's pieces never outgrow this many times the target (issue 15, latency): a voice
 * that never pauses 0.25 s (one development-set answer came out as 7.4 + 25.2 s) kept one worker
 * busy for most of the answer while the other waited. Such a piece is cut again in its shorter
 * silences, still silences: a keyword is said within a breath and is not cut.
 */
const KEYWORD_MAX_PIECE_SHARE = 1.5;
const KEYWORD_SHORT_PAUSE_SPLIT = { ...KEYWORD_SPLIT, minPauseSeconds: 0.1 };

/** The pieces of an open answer: cut at its pauses, and a piece far too long at shorter ones. */
export function keywordPieces(samples: Float32Array): Piece[] {
  const longest = KEYWORD_SPLIT.targetSeconds * KEYWORD_MAX_PIECE_SHARE * SPEECH_SAMPLE_RATE;
  return splitAtPauses(samples, KEYWORD_SPLIT).flatMap((piece) =>
    piece.end - piece.start <= longest
      ? [piece]
      : splitAtPauses(samples.subarray(piece.start, piece.end), KEYWORD_SHORT_PAUSE_SPLIT).map(
          (part) => ({ start: piece.start + part.start, end: piece.start + part.end }),
        ),
  );
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
  // Longest first (issue 15, latency): the workers take pieces in queue order, and a long piece
  // taken last kept one worker busy while the other had finished.
  const pieces = keywordPieces(prepared.samples).sort(
    (a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start,
  );
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
  // Back in the answer's order: the timeline runs from its first piece.
  const inOrder = pieces
    .map((piece, index) => ({ start: piece.start, outcome: results[index]?.outcome }))
    .sort((a, b) => a.start - b.start)
    .flatMap(({ outcome }) => (outcome ? [outcome] : []));
  return joinPieces(inOrder, prepared.samples.length / SPEECH_SAMPLE_RATE);
}
