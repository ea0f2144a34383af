/**
 * Builds the 精听 materials (issue 20): every bank item with a recording of a listening or
 * speaking prompt, and the original passages of content/listening/passages. It synthesises the
 * passages' recordings as scripts/content/generate-audio.ts does the bank's (Debian's flite and
 * lame: `apt-get install flite lame`), cuts every transcript into sentences, finds each sentence's
 * start and end by forced alignment of the transcript with our own speech engine (its public
 * SpeechEngine interface), and writes:
 *
 *   content/listening/audio/<id>.mp3   passages' recordings (committed, as the bank's are)
 *   content/listening/cues/<id>.vtt    one WebVTT cue per sentence
 *   content/listening/index.json       the catalogue the server reads
 *   content/listening/manifest.json    what each file was made from, so a rerun skips it
 *
 *   npm run content:listening            # what changed
 *   npm run content:listening -- --all   # everything
 *   npm run content:listening -- lp-0003 wfd-0001
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'yaml';
import {
  LISTENING_ITEM_TYPES,
  narrationOf,
  parseItem,
  sentenceBreaks,
  toWords,
  type Item,
} from '@ninety/contract';
import type { SpeechEngine } from '../../apps/server/src/adapters/speech/engine';
import { SpeechWorkerPool } from '../../apps/server/src/adapters/speech/speech-worker-pool';
import { cueProblems, formatVtt, type Cue } from '../../apps/server/src/modules/listening/listening-cues';
import {
  PassageFileSchema,
  type Catalogue,
  type CatalogueEntry,
  type PassageFile,
} from '../../apps/server/src/modules/listening/listening-catalogue';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const contentRoot = path.join(root, 'content');
const listeningRoot = path.join(contentRoot, 'listening');
const manifestFile = path.join(listeningRoot, 'manifest.json');

// The bank's synthesis settings (generate-audio.ts), so passages sound like the bank.
const VOICES = ['slt', 'rms', 'awb', 'kal16'] as const;
const SAMPLE_RATE = 16_000;
const LAME_ARGS = ['--quiet', '-m', 'm', '-b', '24', '--resample', '16'];
const SETTINGS_VERSION = 'flite-2.2/lame-3.100/24k/v1';
const LEAD_IN_SECONDS = 0.4;
const TAIL_SECONDS = 0.5;
const TURN_PAUSE_SECONDS = 0.7;
const ALIGN_VERSION = 'align-v1';
const SENTENCE_PAUSE_SECONDS = 0.35;
const PASSAGE_STRETCH = 1.08;
/** Audio around a sentence's synthesised span that its alignment window also takes. */
const WINDOW_MARGIN_SECONDS = 0.2;

/** Where a passage's sentence was synthesised, in seconds of the recording. */
interface Segment {
  start: number;
  end: number;
}
const stretchFor = (difficulty: number) => [1.12, 1.06, 1.0, 0.96, 0.92][difficulty - 1] ?? 1;
const sha = (value: unknown) =>
  createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 16);

function pcmOf(wav: Buffer): Int16Array {
  let offset = 12;
  while (offset + 8 <= wav.length) {
    const id = wav.toString('ascii', offset, offset + 4);
    const size = wav.readUInt32LE(offset + 4);
    if (id === 'fmt ' && wav.readUInt32LE(offset + 12) !== SAMPLE_RATE) {
      throw new Error(`expected ${SAMPLE_RATE} Hz audio`);
    }
    if (id === 'data') {
      const end = Math.min(wav.length, offset + 8 + size);
      const data = wav.subarray(offset + 8, end - ((end - offset - 8) % 2));
      return new Int16Array(data.buffer.slice(data.byteOffset, data.byteOffset + data.length));
    }
    offset += 8 + size + (size % 2);
  }
  throw new Error('no data chunk in WAV');
}

function wavOf(pcm: Int16Array): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + pcm.byteLength, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(SAMPLE_RATE, 24);
  header.writeUInt32LE(SAMPLE_RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(pcm.byteLength, 40);
  return Buffer.concat([header, Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength)]);
}

const silence = (seconds: number) => new Int16Array(Math.round(seconds * SAMPLE_RATE));

function concat(parts: Int16Array[]): Int16Array {
  const out = new Int16Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** A material before its cues: where its recording is and its sentences. */
interface Draft {
  entry: Omit<CatalogueEntry, 'durationSeconds'>;
  /** The recording on disk. */
  mp3File: string;
  /** The recording's length as the bank records it (0 for a passage). */
  seconds: number;
  /** Passages only: what to synthesise, turn by turn. */
  turns?: { speaker: 'A' | 'B' | 'C'; text: string }[];
}

/** Splits a turn into sentences as the contract's text rules do (abbreviations kept). */
function sentencesOf(text: string): string[] {
  const trimmed = text.trim();
  const out: string[] = [];
  let from = 0;
  for (const end of [...sentenceBreaks(trimmed), trimmed.length]) {
    const sentence = trimmed.slice(from, end).trim();
    if (sentence) out.push(sentence);
    from = end;
  }
  return out;
}

async function yamlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.yaml'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

async function bankDrafts(): Promise<Draft[]> {
  const types = new Set<string>(LISTENING_ITEM_TYPES);
  const drafts: Draft[] = [];
  for (const file of await yamlFiles(path.join(contentRoot, 'items'))) {
    const parsed = parseItem(parse(await readFile(file, 'utf8')));
    if (!parsed.ok) throw new Error(`${file}: invalid item (run npm run content:check)`);
    const item: Item = parsed.item;
    if (!types.has(item.type)) continue;
    const narration = narrationOf(item);
    const audio = (item.content as { audio?: { src: string; durationSeconds: number } }).audio;
    if (!narration || !audio) continue;
    const several = new Set(narration.turns.map((turn) => turn.speaker)).size > 1;
    drafts.push({
      entry: {
        id: item.id,
        title: item.title,
        source: item.type as CatalogueEntry['source'],
        itemId: item.id,
        topics: item.topics as CatalogueEntry['topics'],
        difficulty: item.difficulty,
        audio: { store: 'bank', src: audio.src },
        sentences: narration.turns.flatMap((turn) =>
          sentencesOf(turn.text).map((text) => ({
            text,
            speaker: several ? turn.speaker : null,
            translationZh: null,
          })),
        ),
      },
      mp3File: path.join(contentRoot, 'media', audio.src),
      seconds: audio.durationSeconds,
    });
  }
  return drafts;
}

async function passageDrafts(): Promise<Draft[]> {
  const drafts: Draft[] = [];
  for (const file of await yamlFiles(path.join(listeningRoot, 'passages'))) {
    const passage: PassageFile = PassageFileSchema.parse(parse(await readFile(file, 'utf8')));
    if (path.basename(file, '.yaml') !== passage.id) throw new Error(`${file}: name it ${passage.id}.yaml`);
    const turns: { speaker: 'A' | 'B' | 'C'; text: string }[] = [];
    for (const sentence of passage.sentences) {
      const last = turns.at(-1);
      if (last?.speaker === sentence.speaker) last.text += ` ${sentence.en}`;
      else turns.push({ speaker: sentence.speaker, text: sentence.en });
    }
    const src = `audio/${passage.id}.mp3`;
    drafts.push({
      entry: {
        id: passage.id,
        title: passage.title,
        source: 'passage',
        itemId: null,
        topics: passage.topics,
        difficulty: passage.difficulty,
        audio: { store: 'listening', src },
        sentences: passage.sentences.map((sentence) => ({
          text: sentence.en,
          speaker: passage.kind === 'discussion' ? sentence.speaker : null,
          translationZh: sentence.zh,
        })),
      },
      mp3File: path.join(listeningRoot, src),
      seconds: 0,
      turns,
    });
  }
  return drafts;
}

/** Voices by speaker, from the id: a lecture has one, a discussion two or three distinct ones. */
function voicesFor(id: string): Record<'A' | 'B' | 'C', string> {
  const start = createHash('sha256').update(id).digest().readUInt32BE(0) % VOICES.length;
  const pick = (offset: number) => VOICES[(start + offset) % VOICES.length]!;
  return { A: pick(0), B: pick(1), C: pick(2) };
}

/**
 * Synthesises a passage sentence by sentence, with a short pause between the sentences of a turn
 * and the bank's turn pause between speakers, and says where each sentence's audio lies: the
 * window each sentence is then aligned in. Passages are read a little slower than the bank's
 * items of the same difficulty: they are for listening sentence by sentence.
 */
async function synthesise(draft: Draft, scratch: string): Promise<Segment[]> {
  const voices = voicesFor(draft.entry.id);
  const stretch = stretchFor(draft.entry.difficulty) * PASSAGE_STRETCH;
  const parts: Int16Array[] = [silence(LEAD_IN_SECONDS)];
  const segments: Segment[] = [];
  let at = parts[0]!.length;
  let previousSpeaker: string | null = null;
  for (const [index, sentence] of draft.entry.sentences.entries()) {
    const speaker = (sentence.speaker ?? 'A') as 'A' | 'B' | 'C';
    const textFile = path.join(scratch, `${draft.entry.id}-${index}.txt`);
    const wavFile = path.join(scratch, `${draft.entry.id}-${index}.wav`);
    await writeFile(textFile, sentence.text);
    await run('flite', ['-voice', voices[speaker], '--setf', `duration_stretch=${stretch}`, '-f', textFile, '-o', wavFile]);
    if (index > 0) {
      const pause = silence(speaker === previousSpeaker ? SENTENCE_PAUSE_SECONDS : TURN_PAUSE_SECONDS);
      parts.push(pause);
      at += pause.length;
    }
    const pcm = pcmOf(await readFile(wavFile));
    parts.push(pcm);
    segments.push({ start: at / SAMPLE_RATE, end: (at + pcm.length) / SAMPLE_RATE });
    at += pcm.length;
    previousSpeaker = speaker;
  }
  parts.push(silence(TAIL_SECONDS));
  const wavFile = path.join(scratch, `${draft.entry.id}.wav`);
  await writeFile(wavFile, wavOf(concat(parts)));
  await mkdir(path.dirname(draft.mp3File), { recursive: true });
  await run('lame', [...LAME_ARGS, wavFile, draft.mp3File]);
  return segments;
}

/** The recording as the engine takes it: 16 kHz samples in [-1, 1]. */
async function samplesOf(mp3File: string, scratch: string): Promise<Float32Array> {
  const wavFile = path.join(scratch, `${path.basename(mp3File, '.mp3')}-decoded.wav`);
  await run('lame', ['--quiet', '--decode', mp3File, wavFile]);
  const pcm = pcmOf(await readFile(wavFile));
  await rm(wavFile);
  return Float32Array.from(pcm, (value) => value / 32768);
}

/** Words as compared with the engine's: lower case, no punctuation, hyphens split. */
const tokensOf = (text: string) =>
  toWords(text).flatMap((word) => word.split('-')).map((word) => word.replace(/[^a-z0-9']/g, '')).filter(Boolean);

/** A cue and whether its sentence's first or last word was left unaligned (see cuesFrom). */
interface AlignedCue extends Cue {
  openStart: boolean;
  openEnd: boolean;
}

/**
 * Each sentence's cue from the aligned words: the transcript's words are matched to the
 * engine's in order (a longest common subsequence, since the engine leaves out words it cannot
 * pronounce and spells numbers out), and a sentence runs from its first matched word's start to
 * its last one's end. A sentence whose first or last word the engine left out (a word its
 * dictionary lacks: "mangroves", "Behavioural", "hemispheres") is marked open at that end, to be
 * widened over the speech there (widenOverSpeech).
 */
function cuesFrom(
  sentences: readonly { text: string }[],
  words: readonly { word: string; start: number; duration: number }[],
): AlignedCue[] {
  const spoken = words.filter((word) => /^[a-z0-9']+$/.test(word.word));
  const tokens = sentences.flatMap((sentence, index) => tokensOf(sentence.text).map((word) => ({ word, index })));
  const n = tokens.length;
  const m = spoken.length;
  // lcs[i][j]: the longest common subsequence of tokens[i…] and spoken[j…].
  const lcs = Array.from({ length: n + 1 }, () => new Uint16Array(m + 1));
  for (let i = n - 1; i >= 0; i -= 1) {
    for (let j = m - 1; j >= 0; j -= 1) {
      lcs[i]![j] =
        tokens[i]!.word === spoken[j]!.word
          ? lcs[i + 1]![j + 1]! + 1
          : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
    }
  }
  const spans = sentences.map(() => ({ start: Infinity, end: -Infinity }));
  const matched = new Set<number>();
  for (let i = 0, j = 0; i < n && j < m; ) {
    if (tokens[i]!.word === spoken[j]!.word) {
      const span = spans[tokens[i]!.index]!;
      matched.add(i);
      span.start = Math.min(span.start, spoken[j]!.start);
      span.end = Math.max(span.end, spoken[j]!.start + spoken[j]!.duration);
      i += 1;
      j += 1;
    } else if (lcs[i + 1]![j]! >= lcs[i]![j + 1]!) i += 1;
    else j += 1;
  }
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  tokens.forEach((token, i) => {
    if (!first.has(token.index)) first.set(token.index, i);
    last.set(token.index, i);
  });
  return sentences.map((sentence, index) => {
    const span = spans[index]!;
    if (!Number.isFinite(span.start)) throw new Error(`sentence ${index} was not found in the alignment: ${sentence.text}`);
    const round = (value: number) => Math.round(value * 1000) / 1000;
    return {
      index,
      start: round(span.start),
      end: round(span.end),
      text: sentence.text,
      openStart: !matched.has(first.get(index) ?? -1),
      openEnd: !matched.has(last.get(index) ?? -1),
    };
  });
}

/** 10 ms frames: fine enough for a word's edge, coarse enough to be cheap. */
const FRAME_SECONDS = 0.01;
/**
 * A pause between sentences: this much quiet in a row, longer than a stop consonant's closure
 * after a quiet fricative (asq-0015's "hemi-s-pheres" has 0.14 s), shorter than the bank's
 * pauses between sentences (~0.3 s).
 */
const PAUSE_SECONDS = 0.2;
/** Quiet: a frame below this share of the recording's speech level. */
const QUIET_SHARE = 0.05;

/**
 * Widens an open cue end over the speech of the word the engine left out, measured from the
 * audio: from the aligned edge outwards until a pause (PAUSE_SECONDS of quiet), never past the
 * neighbouring cue. Without it a cue starts after its first word or stops before its last (the
 * player would cut it), which the gap check alone does not catch when the word is short.
 */
function widenOverSpeech(cues: AlignedCue[], samples: Float32Array): Cue[] {
  const frame = Math.round(FRAME_SECONDS * SAMPLE_RATE);
  const levels = new Float32Array(Math.floor(samples.length / frame));
  for (let k = 0; k < levels.length; k += 1) {
    let sum = 0;
    for (let i = k * frame; i < (k + 1) * frame; i += 1) sum += samples[i]! ** 2;
    levels[k] = Math.sqrt(sum / frame);
  }
  // The speech level: the 90th percentile of the frames (pauses and quiet phones below it).
  const speech = [...levels].sort((a, b) => a - b)[Math.floor(levels.length * 0.9)] ?? 0;
  const quiet = (k: number) => (levels[k] ?? 0) < speech * QUIET_SHARE;
  const pauseFrames = Math.round(PAUSE_SECONDS / FRAME_SECONDS);
  const round = (value: number) => Math.round(value * 1000) / 1000;
  return cues.map((cue, index) => {
    let { start, end } = cue;
    if (cue.openStart) {
      const bound = Math.ceil((cues[index - 1]?.end ?? 0) / FRAME_SECONDS);
      let k = Math.floor(start / FRAME_SECONDS) - 1;
      let run = 0;
      for (; k >= bound && run < pauseFrames; k -= 1) run = quiet(k) ? run + 1 : 0;
      start = run >= pauseFrames ? (k + 1 + run) * FRAME_SECONDS : bound * FRAME_SECONDS;
    }
    if (cue.openEnd) {
      const next = cues[index + 1]?.start ?? levels.length * FRAME_SECONDS;
      const bound = Math.floor(next / FRAME_SECONDS);
      let k = Math.ceil(end / FRAME_SECONDS);
      let run = 0;
      for (; k < bound && run < pauseFrames; k += 1) run = quiet(k) ? run + 1 : 0;
      end = run >= pauseFrames ? (k - run) * FRAME_SECONDS : bound * FRAME_SECONDS;
    }
    return { index: cue.index, start: round(Math.min(start, cue.start)), end: round(Math.max(end, cue.end)), text: cue.text };
  });
}

/**
 * Plain forced alignment (no skip arcs): every word of a material is said. The skip arcs that
 * find a learner's omitted words let a long recording's pruned search skip whole sentences as
 * silence (hcs-0005 kept 48 of 146 words, its last 45 s as silence; sst-0004 lost a sentence).
 * Cues aligned before this passed the same checks and are kept; `--all` realigns them.
 */
async function alignedWords(engine: SpeechEngine, samples: Float32Array, text: string, id: string) {
  const outcome = await engine.align(samples, text, { plain: true });
  if (!outcome.ok) throw new Error(`${id}: the engine could not align it (${outcome.reason})`);
  if (outcome.alignment.stoppedEarly) throw new Error(`${id}: the alignment stopped early`);
  return outcome.alignment.words;
}

/**
 * A bank item is aligned whole (its sentences' places are not known); a passage sentence by
 * sentence, each in the window it was synthesised in: the same forced alignment, on a small
 * search, several times cheaper than a two-minute recording at once.
 */
async function align(
  engine: SpeechEngine,
  draft: Draft,
  scratch: string,
  segments: readonly Segment[] | undefined,
): Promise<{ cues: Cue[]; seconds: number }> {
  const samples = await samplesOf(draft.mp3File, scratch);
  const seconds = Math.round((samples.length / SAMPLE_RATE) * 1000) / 1000;
  const id = draft.entry.id;
  let aligned: AlignedCue[];
  if (segments && segments.length === draft.entry.sentences.length) {
    aligned = [];
    for (const [index, sentence] of draft.entry.sentences.entries()) {
      const segment = segments[index]!;
      const from = Math.max(0, Math.floor((segment.start - WINDOW_MARGIN_SECONDS) * SAMPLE_RATE));
      const to = Math.min(samples.length, Math.ceil((segment.end + WINDOW_MARGIN_SECONDS) * SAMPLE_RATE));
      const words = await alignedWords(engine, samples.slice(from, to), sentence.text, `${id} sentence ${index}`);
      const offset = from / SAMPLE_RATE;
      const [cue] = cuesFrom([sentence], words.map((word) => ({ ...word, start: word.start + offset })));
      aligned.push({ ...cue!, index });
    }
  } else {
    const text = draft.entry.sentences.map((sentence) => sentence.text).join(' ');
    aligned = cuesFrom(draft.entry.sentences, await alignedWords(engine, samples, text, id));
  }
  const cues = widenOverSpeech(aligned, samples);
  const problems = cueProblems(cues, seconds, draft.entry.sentences);
  if (problems.length > 0) throw new Error(`${draft.entry.id}: ${problems.join('; ')}`);
  return { cues, seconds };
}

const roundSegment = (segment: Segment) => ({
  start: Math.round(segment.start * 1000) / 1000,
  end: Math.round(segment.end * 1000) / 1000,
});

interface ManifestEntry {
  audio?: string;
  /** Passages: where each sentence was synthesised. */
  segments?: Segment[];
  cues: string;
  durationSeconds: number;
}

async function main() {
  const args = process.argv.slice(2);
  const all = args.includes('--all');
  /** Synthesises the passages and says how long they are, without aligning anything. */
  const audioOnly = args.includes('--audio-only');
  /** Speech workers (default: the cores but one); `--workers=N` to use more or fewer. */
  const workersArg = args.find((arg) => arg.startsWith('--workers='));
  const speechWorkers = workersArg
    ? Math.max(1, Number(workersArg.slice(10)) || 1)
    : Math.max(1, os.availableParallelism() - 1);
  const named = new Set(args.filter((arg) => !arg.startsWith('--')));
  let manifest: Record<string, ManifestEntry> = {};
  try {
    manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as Record<string, ManifestEntry>;
  } catch {
    // First run.
  }
  // Passages first, then the bank's shortest recordings: a run stopped early has the most.
  const bank = (await bankDrafts()).sort((a, b) => a.seconds - b.seconds || a.entry.id.localeCompare(b.entry.id));
  const drafts = [...(await passageDrafts()), ...bank];
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'ninety-listening-'));
  const engine = new SpeechWorkerPool({
    workers: speechWorkers,
    jobTimeoutMs: 60_000,
    recycleAfterJobs: 200,
    maxWorkerMb: 1500,
  });
  // Written after every material, so a run stopped half-way keeps what it made.
  const save = async () => {
    const catalogue: Catalogue = {
      version: 1,
      materials: drafts
        .filter((draft) => manifest[draft.entry.id])
        .map((draft) => ({
          ...draft.entry,
          durationSeconds: Math.round(manifest[draft.entry.id]!.durationSeconds * 10) / 10,
        }))
        .sort((a, b) => a.id.localeCompare(b.id)),
    };
    const sorted = Object.fromEntries(
      Object.entries(manifest).sort(([a], [b]) => a.localeCompare(b)),
    );
    await writeFile(manifestFile, `${JSON.stringify(sorted, null, 2)}\n`);
    await writeFile(path.join(listeningRoot, 'index.json'), `${JSON.stringify(catalogue, null, 1)}\n`);
    return catalogue;
  };
  let saving: Promise<unknown> = Promise.resolve();
  const pending = [...drafts];
  const failures: string[] = [];
  let made = 0;
  const worker = async () => {
    for (let draft = pending.shift(); draft; draft = pending.shift()) {
      const id = draft.entry.id;
      if (named.size > 0 && !named.has(id)) continue;
      const chosen = named.size > 0 || all;
      try {
        const previous = manifest[id];
        let audio = previous?.audio;
        let segments = previous?.segments;
        if (draft.turns) {
          const recipe = sha([
            SETTINGS_VERSION,
            PASSAGE_STRETCH,
            SENTENCE_PAUSE_SECONDS,
            draft.entry.sentences,
            voicesFor(id),
            stretchFor(draft.entry.difficulty),
          ]);
          if (chosen || recipe !== audio || !segments) {
            segments = await synthesise(draft, scratch);
            audio = recipe;
          }
        }
        if (audioOnly) {
          if (draft.turns) {
            const seconds = (await samplesOf(draft.mp3File, scratch)).length / SAMPLE_RATE;
            console.log(`${id}  ${seconds.toFixed(1)} s`);
          }
          continue;
        }
        const mp3 = createHash('sha256').update(await readFile(draft.mp3File)).digest('hex').slice(0, 16);
        const cuesRecipe = sha([ALIGN_VERSION, mp3, draft.entry.sentences.map((s) => s.text)]);
        if (!chosen && previous?.cues === cuesRecipe) continue;
        const { cues, seconds } = await align(engine, draft, scratch, segments);
        await mkdir(path.join(listeningRoot, 'cues'), { recursive: true });
        await writeFile(path.join(listeningRoot, 'cues', `${id}.vtt`), formatVtt(cues));
        manifest[id] = {
          ...(audio ? { audio } : {}),
          ...(segments ? { segments: segments.map(roundSegment) } : {}),
          cues: cuesRecipe,
          durationSeconds: seconds,
        };
        made += 1;
        saving = saving.then(save);
        await saving;
        console.log(`${id}  ${seconds.toFixed(1)} s  ${cues.length} cues`);
      } catch (error) {
        failures.push(`${id}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: speechWorkers + 1 }, worker));
  await engine.close();
  await rm(scratch, { recursive: true, force: true });

  const catalogue = await save();
  console.log(`${made} material(s) aligned; ${catalogue.materials.length} in the catalogue.`);
  if (failures.length > 0) {
    console.error(failures.join('\n'));
    process.exitCode = 1;
  }
}

await main();
