/**
 * The speech engine's figures (issue 6): time to align a 40 s Read Aloud with the pool warmed
 * (p50/p95) as the server does it, in two halves on two workers (split.ts), and whole for
 * comparison; throughput with every worker busy; memory per worker. Clips are espeak-ng voices (apps/server/src/adapters/speech/test-support); without
 * espeak-ng and sox the section is skipped. Figures only: nothing here passes or fails.
 *
 * Run alone with `node --import tsx bench/speech.ts`; `npm run bench` runs it after the rest.
 */
import type { AlignedWord, EngineOutcome } from '@ninety/scoring';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { ItemSchema } from '@ninety/contract';
import yaml from 'yaml';
import { speechRecordingScorer } from '../apps/server/src/modules/attempts/recording-scorer';
import { fileURLToPath } from 'node:url';
import { SpeechWorkerPool } from '../apps/server/src/adapters/speech/speech-worker-pool';
import * as F from '../apps/server/src/adapters/speech/test-support/fixtures';

const RATE = 16_000;
/** A 40 s keyword job takes seconds: fewer runs keep the bench within minutes. */
const KEYWORD_RUNS = 5;
const RUNS = 12;
const WHOLE_RUNS = 6;

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN;
}
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const isWord = (word: AlignedWord) => !word.word.startsWith('<') && !word.word.startsWith('[');
function penalty(word: AlignedWord): number {
  const frames = word.phones.reduce((sum, phone) => sum + phone.frames, 0);
  const logs = word.phones.reduce((sum, phone) => sum + Math.log(Math.max(phone.p, 5e-4)), 0);
  return (-1024 * logs) / Math.max(frames, 1);
}
function words(outcome: EngineOutcome): AlignedWord[] {
  if (!outcome.ok) throw new Error(`not decoded: ${outcome.reason}`);
  return outcome.alignment.words.filter(isWord);
}

async function timed<T>(run: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await run();
  return [result, performance.now() - started];
}

export async function speechBench(): Promise<void> {
  if (!F.speechToolsAvailable()) {
    console.log('speech engine: skipped (install espeak-ng and sox)');
    return;
  }
  const workers = os.availableParallelism();
  const long = F.clip({ text: F.LONG_READ_ALOUD, wpm: 140 });
  const audio = long.length / RATE;
  const wordCount = F.LONG_READ_ALOUD.split(/\s+/).length;
  console.log(
    `\nspeech engine — ${workers} workers, Read Aloud of ${wordCount} words, ${audio.toFixed(1)} s (espeak-ng en-us 140 wpm); load average ${os.loadavg()[0]?.toFixed(1)} on ${os.cpus().length} cores`,
  );

  const started = performance.now();
  const pool = new SpeechWorkerPool({
    workers,
    jobTimeoutMs: 120_000,
    recycleAfterJobs: 1_000_000,
    maxWorkerMb: 1_000_000,
  });
  try {
    await pool.whenReady();
    const loads = pool.stats().map((worker) => worker.loadMs ?? 0);
    console.log(
      `  pool ready:                 ${seconds(performance.now() - started)} (model load per worker ${seconds(Math.max(...loads))})`,
    );
    // Warm every worker once.
    await Promise.all(Array.from({ length: workers }, () => pool.align(long, F.LONG_READ_ALOUD)));

    const latencies: number[] = [];
    let retried = 0;
    for (let run = 0; run < RUNS; run += 1) {
      const [outcome, ms] = await timed(() => pool.align(long, F.LONG_READ_ALOUD));
      if (outcome.ok && outcome.alignment.retried) retried += 1;
      latencies.push(ms);
    }
    console.log(
      `  align 40 s, one at a time (halves on ${workers} workers): p50 ${seconds(percentile(latencies, 0.5))}, p95 ${seconds(percentile(latencies, 0.95))} over ${RUNS} runs (${retried} needed the unpruned retry)`,
    );

    // A reading aligned whole (every Repeat Sentence, most Read Alouds): with two idle workers its
    // free phone decode runs beside the alignment (issue 15), not after it.
    const short = F.clip({ text: F.READ_ALOUD });
    await pool.align(short, F.READ_ALOUD);
    const shortTimes: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const [, ms] = await timed(() => pool.align(short, F.READ_ALOUD));
      shortTimes.push(ms);
    }
    console.log(
      `  align ${(short.length / RATE).toFixed(0)} s, one at a time (whole, free phones beside it): p50 ${seconds(percentile(shortTimes, 0.5))}, p95 ${seconds(percentile(shortTimes, 0.95))} over ${RUNS} runs`,
    );

    const jobs = workers * 4;
    const [, busyMs] = await timed(() =>
      Promise.all(Array.from({ length: jobs }, () => pool.align(long, F.LONG_READ_ALOUD))),
    );
    console.log(
      `  throughput, all busy:       ${((jobs * audio) / (busyMs / 1000)).toFixed(1)} s of audio per second (${jobs} clips in ${seconds(busyMs)})`,
    );

    const memory = pool.stats().map((worker) => worker.memory);
    const wasm = memory.map((m) => m?.wasmBytes ?? 0);
    const js = memory.map((m) => m?.jsHeapBytes ?? 0);
    console.log(
      `  memory per worker:          WebAssembly heap ${mb(Math.max(...wasm))}, JS heap ${mb(Math.max(...js))}; process RSS ${mb(process.memoryUsage().rss)} with ${workers} workers`,
    );

    // The same reading aligned whole, as before the halves: time and how far the penalties move.
    const whole = new SpeechWorkerPool({
      workers: 1,
      jobTimeoutMs: 120_000,
      recycleAfterJobs: 1_000_000,
      maxWorkerMb: 1_000_000,
      splitReadings: false,
    });
    try {
      await whole.whenReady();
      const halves = words(await pool.align(long, F.LONG_READ_ALOUD));
      let one = words(await whole.align(long, F.LONG_READ_ALOUD));
      const wholeTimes: number[] = [];
      for (let run = 0; run < WHOLE_RUNS; run += 1) {
        const [outcome, ms] = await timed(() => whole.align(long, F.LONG_READ_ALOUD));
        one = words(outcome);
        wholeTimes.push(ms);
      }
      const shifts = one.map((word, i) => penalty(halves[i] ?? word) - penalty(word));
      const meanShift = shifts.reduce((sum, shift) => sum + shift, 0) / shifts.length;
      const moved = shifts.filter((shift) => Math.abs(shift) > 1).length;
      console.log(
        `  the same, whole on 1 worker: p50 ${seconds(percentile(wholeTimes, 0.5))}, p95 ${seconds(percentile(wholeTimes, 0.95))} over ${WHOLE_RUNS} runs; halves vs whole: ${halves.length}/${one.length} words, penalty shift mean ${meanShift.toFixed(2)} nats/frame, ${moved} words moved more than 1`,
      );
    } finally {
      await whole.close();
    }
    console.log(
      `  readings in halves so far:  ${pool.readings.inHalves}, of which ${pool.readings.halvesDidNotMeet} did not meet and were aligned whole`,
    );

    // Open answers: keyword spotting, cut at the pauses and spread over the workers.
    const answer = F.clip({
      text: `${F.DESCRIBE_IMAGE_GOOD} ${F.DESCRIBE_IMAGE_GOOD} ${F.DESCRIBE_IMAGE_GOOD}`,
    }).slice(0, 40 * RATE);
    const spotTimes: number[] = [];
    let spotted = 0;
    for (let run = 0; run < KEYWORD_RUNS; run += 1) {
      const [outcome, ms] = await timed(() => pool.spotKeywords(answer, F.DESCRIBE_IMAGE_KEYWORDS));
      spotted = F.describeImageKeywordsIn(words(outcome)).length;
      spotTimes.push(ms);
    }
    console.log(
      `  keywords, 40 s answer:      p50 ${seconds(percentile(spotTimes, 0.5))}, p95 ${seconds(percentile(spotTimes, 0.95))} over ${KEYWORD_RUNS} runs; ${spotted}/${F.DESCRIBE_IMAGE_KEYWORDS.length} keywords found; WebAssembly heap now ${mb(Math.max(...pool.stats().map((worker) => worker.memory?.wasmBytes ?? 0)))} per worker at most`,
    );
  } finally {
    await pool.close();
  }
  await uploadToScore(workers);
}

/**
 * Upload → score on the server: the work POST /api/posts/examedVoice does for a 40 s Read Aloud
 * of a bank item (its longest text, read slowly) — WAV parsing, preprocessing, alignment with the
 * pool warm, and the speaking scorers. Storing the recording and the attempt adds milliseconds;
 * the browser adds the 1.3 MB upload over its connection and one render.
 */
async function uploadToScore(workers: number): Promise<void> {
  const raw = yaml.parse(readFileSync('content/items/ra/ra-0013.yaml', 'utf8')) as unknown;
  const item = ItemSchema.parse(raw);
  if (item.type !== 'RA') throw new Error('ra-0013 is not a Read Aloud item');
  const wav = readFileSync(F.clipFile({ text: item.content.text, wpm: 90 }));
  const engine = new SpeechWorkerPool({
    workers,
    jobTimeoutMs: 120_000,
    recycleAfterJobs: 1_000_000,
    maxWorkerMb: 1_000_000,
  });
  const scorer = speechRecordingScorer(engine);
  try {
    await engine.whenReady();
    await scorer.score(item, wav);
    const times: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const [scored, ms] = await timed(() => scorer.score(item, wav));
      if (scored.result.kind !== 'speech' || scored.result.unscored) {
        throw new Error('the bench recording was not scored');
      }
      times.push(ms);
    }
    console.log(
      `  upload → score on the server (parse, decode, score; ${((wav.length - 44) / 32_000).toFixed(1)} s Read Aloud of ${item.content.text.split(/\s+/).length} words at 90 wpm, pool warm): p50 ${seconds(percentile(times, 0.5))}, p95 ${seconds(percentile(times, 0.95))} over ${RUNS} runs`,
    );
  } finally {
    await engine.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  speechBench().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
