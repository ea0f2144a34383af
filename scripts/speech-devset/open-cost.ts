/**
 * Where an open answer's decoding time goes, and what a keyword search setting costs in key
 * points (issue 15, open-answer speed). One thread, no pool: each clip is preprocessed and cut
 * as the server cuts it (keywordPieces), every piece decoded by runJob as a worker would, and the
 * thread's own CPU time (/proc/thread-self/schedstat, which other processes' load does not add
 * to) is kept per stage: preprocessing and cutting, keyword search per piece, free phones per
 * piece. The pieces are then joined and scored as the server scores them, so a setting's key
 * points found are the product's. Settings are tried by `--try=name:key=value,key=value;…` (keys
 * of `KeywordSearch` in decode.ts); `base` is the product's own.
 *
 *   node --import tsx scripts/speech-devset/open-cost.ts [--set=DIR] [--voices=a,b]
 *     [--variants=full,half] [--bench] [--each] [--try='hmm300:maxHmmPerFrame=300;…']
 *     [--decoder='{"ds":2}']
 *
 * Figures only. On two workers a 40 s answer's wall clock is about the slower worker's share of
 * the pieces (longest first): printed as "2-worker makespan".
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { EngineOutcome } from '@ninety/scoring';
import {
  DECODER_CONFIG,
  keywordSearch,
  phoneDecoderConfig,
  prepareDecoder,
  preparePhoneDecoder,
  runJob,
  type KeywordSearch,
} from '../../apps/server/src/adapters/speech/decode';
import { FUNCTION_WORDS, keywordGarbage } from '../../apps/server/src/adapters/speech/grammar';
import { preprocess } from '../../apps/server/src/adapters/speech/preprocess';
import { joinPieces, keywordPieces } from '../../apps/server/src/adapters/speech/speech-jobs';
import {
  DEFAULT_MODEL_BASE,
  DEFAULT_MODEL_NAME,
} from '../../apps/server/src/adapters/speech/speech-worker-pool';
import { parseWav, SPEECH_SAMPLE_RATE } from '../../apps/server/src/adapters/speech/wav';
import * as F from '../../apps/server/src/adapters/speech/test-support/fixtures';
import { speechRecordingScorer } from '../../apps/server/src/modules/attempts/recording-scorer';
import { defaultOut, loadItem, type Clip } from './generate';
import { loadSpeechModule } from '../../apps/server/src/adapters/speech/test-support/speech-module';

const arg = (name: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);

/** This thread's CPU time in seconds (the first field of schedstat is nanoseconds on CPU). */
function threadCpu(): number {
  const [ns] = readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ');
  return Number(ns) / 1e9;
}

function parseTries(spec: string | undefined): [string, Partial<KeywordSearch>][] {
  const tries: [string, Partial<KeywordSearch>][] = [['base', {}]];
  for (const entry of (spec ?? '').split(';').filter(Boolean)) {
    const [name, settings = ''] = entry.split(':');
    const values: Record<string, number> = {};
    for (const pair of settings.split(',').filter(Boolean)) {
      const [key, value] = pair.split('=');
      if (key && value !== undefined) values[key] = Number(value);
    }
    tries.push([name ?? entry, values as Partial<KeywordSearch>]);
  }
  return tries;
}

interface Sample {
  name: string;
  samples: Float32Array;
  keywords: string[];
  /** A devset clip, scored as the server would; the bench clip counts its keywords instead. */
  clip?: Clip;
  wav?: Uint8Array;
}

function replaying(outcome: EngineOutcome) {
  const answer = () => Promise.resolve(outcome);
  return {
    align: answer,
    spotKeywords: answer,
    matchAnswers: answer,
    warmUp: () => Promise.resolve(),
    close: () => Promise.resolve(),
  };
}

async function main(): Promise<void> {
  const set = path.resolve(arg('set') ?? defaultOut);
  const voices = arg('voices')?.split(',') ?? [];
  const variants = (arg('variants') ?? 'full').split(',');
  const items = arg('items')?.split(',');
  const samples: Sample[] = [];
  if (process.argv.includes('--bench')) {
    const text = `${F.DESCRIBE_IMAGE_GOOD} ${F.DESCRIBE_IMAGE_GOOD} ${F.DESCRIBE_IMAGE_GOOD}`;
    samples.push({
      name: 'bench 40 s espeak-ng',
      samples: F.clip({ text }).slice(0, 40 * SPEECH_SAMPLE_RATE),
      keywords: F.DESCRIBE_IMAGE_KEYWORDS,
    });
  }
  if (voices.length > 0) {
    const manifest = JSON.parse(readFileSync(path.join(set, 'manifest.json'), 'utf8')) as Clip[];
    for (const clip of manifest) {
      if (!voices.includes(clip.voice) || !variants.includes(clip.variant)) continue;
      if (clip.type === 'RA' || clip.type === 'RS') continue;
      if (items && !items.includes(clip.itemId)) continue;
      const item = loadItem(clip.itemId);
      if (!('keyPoints' in item.key)) continue;
      const wav = readFileSync(path.join(set, clip.file));
      samples.push({
        name: `${clip.voice} ${clip.itemId} ${clip.variant}`,
        samples: parseWav(wav, { maxSeconds: 600 }),
        keywords: item.key.keyPoints.flatMap((point) => point.keywords),
        clip,
        wav,
      });
    }
  }

  const module = await loadSpeechModule();
  // --decoder='{"ds":2}': settings the decoder takes when it is made (frame rate of the acoustic
  // scores, Gaussians per codebook), which a loaded decoder cannot change.
  const decoder = new module.Decoder({
    ...DECODER_CONFIG,
    ...(JSON.parse(arg('decoder') ?? '{}') as Record<string, number>),
  });
  await decoder.initialize();
  prepareDecoder(decoder, module);
  const phones = new module.Decoder(
    phoneDecoderConfig(`${DEFAULT_MODEL_BASE}${DEFAULT_MODEL_NAME}`),
  );
  await phones.initialize();
  preparePhoneDecoder(decoder, phones);

  // --garbage=20: the keyword grammar's garbage loop has only the first 20 broad-class phones.
  if (arg('garbage')) keywordGarbage.phones = Number(arg('garbage'));
  const wordsArg = arg('function-words');
  const functionWords = !wordsArg
    ? undefined
    : /^\d+$/.test(wordsArg)
      ? FUNCTION_WORDS.slice(0, Number(wordsArg))
      : wordsArg.split(',');
  const base = { ...keywordSearch };
  for (const [name, settings] of parseTries(arg('try'))) {
    Object.assign(keywordSearch, base, settings);
    let audio = 0;
    let prep = 0;
    let search = 0;
    let free = 0;
    let makespans = 0;
    let pieceCount = 0;
    let found = 0;
    let said = 0;
    let retried = 0;
    const perClip: string[] = [];
    for (const sample of samples) {
      const t0 = threadCpu();
      const prepared = preprocess(sample.samples);
      if (!prepared.ok) continue;
      const pieces = keywordPieces(prepared.samples);
      prep += threadCpu() - t0;
      audio += prepared.samples.length / SPEECH_SAMPLE_RATE;
      const outcomes: EngineOutcome[] = [];
      const costs: number[] = [];
      for (const piece of pieces) {
        const offset = prepared.offsetSeconds + piece.start / SPEECH_SAMPLE_RATE;
        const timing = { search: 0, free: 0 };
        const result = runJob(
          decoder,
          prepared.samples.slice(piece.start, piece.end),
          {
            kind: 'keywords',
            keywords: sample.keywords,
            // --function-words=30: only the grammar's first 30 function words; or a list.
            ...(functionWords ? { functionWords } : {}),
          },
          offset,
          timing,
          threadCpu,
        );
        search += timing.search;
        free += timing.free;
        costs.push(timing.search + timing.free);
        outcomes.push(result.outcome);
        if (result.outcome.ok && result.outcome.alignment.retried) retried += 1;
      }
      pieceCount += pieces.length;
      // Longest piece first onto whichever of two workers is free first.
      const lanes = [0, 0];
      const order = pieces
        .map((piece, index) => ({ length: piece.end - piece.start, cost: costs[index] ?? 0 }))
        .sort((a, b) => b.length - a.length);
      for (const { cost } of order) {
        const lane = (lanes[0] ?? 0) <= (lanes[1] ?? 0) ? 0 : 1;
        lanes[lane] = (lanes[lane] ?? 0) + cost;
      }
      makespans += Math.max(...lanes);
      const joined = joinPieces(outcomes, prepared.samples.length / SPEECH_SAMPLE_RATE);
      if (sample.clip && sample.wav) {
        const { result } = await speechRecordingScorer(replaying(joined)).score(
          loadItem(sample.clip.itemId),
          sample.wav,
        );
        if (result.kind !== 'speech') continue;
        const content = result.traits.find((t) => t.keyPoints);
        const covered = (content?.keyPoints ?? []).flatMap((p, i) => (p.covered ? [i] : []));
        const pointsSaid = sample.clip.pointsSaid ?? [];
        const hits = covered.filter((i) => pointsSaid.includes(i)).length;
        found += hits;
        said += pointsSaid.length;
        perClip.push(
          `${sample.name}: ${hits}/${pointsSaid.length} points, ${covered.length - hits} never said, content ${content?.score}/${content?.max}${result.templateRisk ? ' template-risk' : ''}`,
        );
      } else {
        const words = joined.ok ? joined.alignment.words : [];
        const spotted = F.describeImageKeywordsIn(words);
        found += spotted.length;
        said += sample.keywords.length;
        perClip.push(
          `${sample.name}: ${spotted.length}/${sample.keywords.length} keywords (missing ${sample.keywords.filter((k) => !spotted.includes(k)).join(', ')}), pieces ${pieces.map((p) => ((p.end - p.start) / SPEECH_SAMPLE_RATE).toFixed(1)).join('+')} s`,
        );
      }
    }
    const per = (seconds: number) => (seconds / Math.max(audio, 1e-9)).toFixed(3);
    console.log(
      `${name} ${JSON.stringify(keywordSearch)}: ${samples.length} clips, ${audio.toFixed(0)} s audio, ${pieceCount} pieces (${retried} needed the unpruned retry); CPU per audio second: prep ${per(prep)}, keyword search ${per(search)}, free phones ${per(free)}; 2-worker makespan ${per(makespans)} s per audio s; found ${found}/${said}`,
    );
    if (process.argv.includes('--each')) for (const line of perClip) console.log(`  ${line}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
