/**
 * A 40 s Read Aloud's upload → alignment time with and without the reading search's
 * alternatives (issue 15: reduced-vowel variants and competing words, decode.ts), taking turns
 * so both see the same load: two pools of two workers, one job at a time, as the server aligns
 * it (in halves). Figures only.
 *
 *   node --import tsx scripts/speech-devset/reading-latency.ts [--runs=12] [--cpu]
 */
import os from 'node:os';
import {
  DECODER_CONFIG,
  phoneDecoderConfig,
  prepareDecoder,
  preparePhoneDecoder,
  runJob,
} from '../../apps/server/src/adapters/speech/decode';
import {
  DEFAULT_MODEL_BASE,
  DEFAULT_MODEL_NAME,
  SpeechWorkerPool,
} from '../../apps/server/src/adapters/speech/speech-worker-pool';
import * as F from '../../apps/server/src/adapters/speech/test-support/fixtures';
import { loadSpeechModule } from '../../apps/server/src/adapters/speech/test-support/speech-module';

const runs = Number(
  process.argv.find((a) => a.startsWith('--runs='))?.slice('--runs='.length) ?? 12,
);
const p50 = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? NaN;

/**
 * --cpu: the same reading aligned whole in this thread by two decoders, one with the
 * alternatives and one without, in turns, timed by this process's CPU time (user + system):
 * what the search costs, whatever else the machine is doing.
 */
async function cpu(long: Float32Array): Promise<void> {
  const module = await loadSpeechModule();
  const make = async (alternatives: boolean) => {
    const decoder = new module.Decoder({ ...DECODER_CONFIG });
    await decoder.initialize();
    prepareDecoder(
      decoder,
      module,
      alternatives ? `${DEFAULT_MODEL_BASE}${DEFAULT_MODEL_NAME}/dict.txt` : undefined,
    );
    const phones = new module.Decoder(
      phoneDecoderConfig(`${DEFAULT_MODEL_BASE}${DEFAULT_MODEL_NAME}`),
    );
    await phones.initialize();
    preparePhoneDecoder(decoder, phones);
    return decoder;
  };
  const decoders = { before: await make(false), after: await make(true) };
  const job = { kind: 'align', referenceText: F.LONG_READ_ALOUD } as const;
  const times: Record<keyof typeof decoders, number[]> = { before: [], after: [] };
  for (const decoder of Object.values(decoders)) runJob(decoder, long, job);
  for (let run = 0; run < runs; run += 1) {
    const order = run % 2 === 0 ? (['before', 'after'] as const) : (['after', 'before'] as const);
    for (const name of order) {
      const started = process.cpuUsage();
      runJob(decoders[name], long, job);
      const used = process.cpuUsage(started);
      times[name].push((used.user + used.system) / 1000);
    }
  }
  console.log(
    `40 s Read Aloud aligned whole, CPU per job, ${runs} turns: words alone p50 ${(p50(times.before) / 1000).toFixed(2)} s, with alternatives p50 ${(p50(times.after) / 1000).toFixed(2)} s`,
  );
}

async function main(): Promise<void> {
  if (!F.speechToolsAvailable()) {
    console.log('reading latency: skipped (install espeak-ng and sox)');
    return;
  }
  const long = F.clip({ text: F.LONG_READ_ALOUD, wpm: 140 });
  if (process.argv.includes('--cpu')) {
    await cpu(long);
    return;
  }
  const pool = (readingAlternatives: boolean) =>
    new SpeechWorkerPool({
      workers: 2,
      jobTimeoutMs: 120_000,
      recycleAfterJobs: 1_000_000,
      maxWorkerMb: 1_000_000,
      readingAlternatives,
    });
  const pools = { before: pool(false), after: pool(true) };
  const times: Record<keyof typeof pools, number[]> = { before: [], after: [] };
  const loads: number[] = [];
  try {
    await Promise.all(Object.values(pools).map((p) => p.whenReady()));
    for (const p of Object.values(pools)) await p.align(long, F.LONG_READ_ALOUD);
    for (let run = 0; run < runs; run += 1) {
      loads.push(os.loadavg()[0] ?? 0);
      // Alternate which goes first, so neither always follows the other.
      const order = run % 2 === 0 ? (['before', 'after'] as const) : (['after', 'before'] as const);
      for (const name of order) {
        const started = performance.now();
        const outcome = await pools[name].align(long, F.LONG_READ_ALOUD);
        if (!outcome.ok) throw new Error(`${name}: ${outcome.reason}`);
        times[name].push(performance.now() - started);
      }
    }
  } finally {
    await Promise.all(Object.values(pools).map((p) => p.close()));
  }
  const audio = long.length / 16_000;
  console.log(
    `40 s Read Aloud (${audio.toFixed(1)} s), ${runs} turns, load ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}: ` +
      `words alone p50 ${(p50(times.before) / 1000).toFixed(2)} s, with alternatives p50 ${(p50(times.after) / 1000).toFixed(2)} s`,
  );
  for (const [name, list] of Object.entries(times))
    console.log(`  ${name}: ${list.map((ms) => (ms / 1000).toFixed(2)).join(' ')}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
