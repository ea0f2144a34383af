/**
 * The writing checker's figures (issue 18): a WE essay checked in process and through the
 * language worker pool the server uses (p50/p95, and the pool's overhead per check), the pool's
 * start and memory per worker, and how long 10,000 characters crafted against Harper hold a
 * worker (made-up words; the answer caps allow them). Figures only: nothing here passes or fails.
 *
 * Run alone with `node --import tsx bench/writing.ts`; `npm run bench` runs it after the rest.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { ANSWER_MAX_CHARACTERS } from '@ninety/contract';
import { createLanguageTools } from '@ninety/scoring/language-tools';
import yaml from 'yaml';
import { LanguageWorkerPool } from '../apps/server/src/adapters/language/language-worker-pool';

const RUNS = 40;

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN;
}
const ms = (value: number) => `${value.toFixed(1)} ms`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function timed(check: () => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const started = performance.now();
    await check();
    times.push(performance.now() - started);
  }
  return times;
}

export async function writingBench(): Promise<void> {
  const raw = yaml.parse(readFileSync('content/items/we/we-0001.yaml', 'utf8')) as {
    key: { sampleAnswer: string };
  };
  // The sample essay with a few slips, so the speller and the checker both have work.
  const essay = raw.key.sampleAnswer.replace(/ the /g, ' teh ').replace(/ has /, ' have ');
  console.log(
    `\nwriting checker — WE essay of ${essay.split(/\s+/).length} words, ${essay.length} characters; load average ${os.loadavg()[0]?.toFixed(1)} on ${os.cpus().length} cores`,
  );

  const started = performance.now();
  const pool = new LanguageWorkerPool({
    workers: 1,
    checkTimeoutMs: 600_000,
    checkTimeoutMsPer1000Chars: 0,
    recycleAfterChecks: 1_000_000,
    maxWorkerMb: 1_000_000,
    maxQueued: 100,
  });
  try {
    await pool.warmUp();
    const [worker] = pool.stats();
    console.log(
      `  pool ready:                 ${ms(performance.now() - started)} (tools load ${ms(worker?.loadMs ?? 0)}, worker ${mb((worker?.memory?.wasmBytes ?? 0) + (worker?.memory?.jsHeapBytes ?? 0))})`,
    );
    const inProcess = await createLanguageTools();
    await inProcess.check(essay);
    await pool.check(essay);
    const local = await timed(() => inProcess.check(essay));
    const pooled = await timed(() => pool.check(essay));
    console.log(
      `  in process:                 p50 ${ms(percentile(local, 0.5))}, p95 ${ms(percentile(local, 0.95))}`,
    );
    console.log(
      `  through the pool:           p50 ${ms(percentile(pooled, 0.5))}, p95 ${ms(percentile(pooled, 0.95))} (overhead p50 ${ms(percentile(pooled, 0.5) - percentile(local, 0.5))})`,
    );

    const crafted = Array.from({ length: Math.floor(ANSWER_MAX_CHARACTERS / 9) }, (_, index) =>
      (index * 7_919).toString(26).padStart(8, 'q').replace(/\d/g, 'z'),
    ).join(' ');
    const slowStart = performance.now();
    await pool.check(crafted);
    console.log(
      `  ${crafted.length} crafted characters: ${ms(performance.now() - slowStart)} of one worker (the server's limit: LANGUAGE_CHECK_TIMEOUT_MS + _PER_1000_CHARS)`,
    );
  } finally {
    await pool.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await writingBench();
