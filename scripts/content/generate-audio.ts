/**
 * Generates the recording of every listening and speaking prompt from its item's text, with
 * Debian's text-to-speech and MP3 packages (`apt-get install flite lame`), and writes each file's
 * duration and voice back into the item. The app never synthesises at run time; the MP3s are
 * committed.
 *
 *   npm run content:audio            # items whose script, voice or settings changed
 *   npm run content:audio -- --all   # every item
 *   npm run content:audio -- rs-0003 # named items
 *   --content=DIR                    # another content directory (tests)
 *
 * Reproducible: the same text, voice and tool versions give the same file. A manifest
 * (content/media/audio/manifest.json) records what each file was made from, so unchanged items
 * are skipped.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { isMap, parse, parseDocument } from 'yaml';
import { narrationOf, parseItem, type Item } from '@ninety/contract';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const contentArg = process.argv.find((arg) => arg.startsWith('--content='));
const contentRoot = contentArg ? path.resolve(contentArg.slice(10)) : path.join(root, 'content');
const itemsRoot = path.join(contentRoot, 'items');
const mediaRoot = path.join(contentRoot, 'media');
const manifestFile = path.join(mediaRoot, 'audio/manifest.json');

/** flite's 16 kHz voices: US female, US male, Scottish male, US male (a second timbre). */
const VOICES = ['slt', 'rms', 'awb', 'kal16'] as const;
type Voice = (typeof VOICES)[number];
const SAMPLE_RATE = 16_000;
/** 24 kbit/s keeps sibilants (s/f/th) clear enough for dictation; 16 kbit/s muffles them. */
const LAME_ARGS = ['--quiet', '-m', 'm', '-b', '24', '--resample', '16'];
const SETTINGS_VERSION = 'flite-2.2/lame-3.100/24k/v1';

const LEAD_IN_SECONDS = 0.4;
const TAIL_SECONDS = 0.5;
const TURN_PAUSE_SECONDS = 0.7;
const BEEP = { hz: 1000, seconds: 0.7, amplitude: 0.3 };

/**
 * Speaking rate per item, from its difficulty: harder items are read a little faster, as in the
 * test, where speakers vary. flite's duration_stretch > 1 slows speech down.
 */
function stretchFor(item: Item): number {
  return [1.12, 1.06, 1.0, 0.96, 0.92][item.difficulty - 1] ?? 1;
}

function hashOf(text: string): number {
  return createHash('sha256').update(text).digest().readUInt32BE(0);
}

/** Voices by speaker: one for a monologue, three distinct ones for a group discussion. */
function voicesFor(item: Item): Record<'A' | 'B' | 'C', Voice> {
  const start = hashOf(item.id) % VOICES.length;
  const pick = (offset: number) => VOICES[(start + offset) % VOICES.length]!;
  return { A: pick(0), B: pick(1), C: pick(2) };
}

/** Reads flite's 16-bit mono PCM WAV. */
function pcmOf(wav: Buffer): Int16Array {
  let offset = 12;
  while (offset + 8 <= wav.length) {
    const id = wav.toString('ascii', offset, offset + 4);
    const size = wav.readUInt32LE(offset + 4);
    if (id === 'fmt ') {
      const rate = wav.readUInt32LE(offset + 12);
      if (rate !== SAMPLE_RATE)
        throw new Error(`flite produced ${rate} Hz, expected ${SAMPLE_RATE}`);
    }
    if (id === 'data') {
      const data = wav.subarray(offset + 8, offset + 8 + size);
      return new Int16Array(data.buffer.slice(data.byteOffset, data.byteOffset + data.length));
    }
    offset += 8 + size + (size % 2);
  }
  throw new Error('no data chunk in WAV');
}

function silence(seconds: number): Int16Array {
  return new Int16Array(Math.round(seconds * SAMPLE_RATE));
}

/** A sine tone with 10 ms fades, so it starts and stops without a click. */
function beep(): Int16Array {
  const length = Math.round(BEEP.seconds * SAMPLE_RATE);
  const fade = Math.round(0.01 * SAMPLE_RATE);
  const out = new Int16Array(length);
  for (let index = 0; index < length; index += 1) {
    const envelope = Math.min(1, index / fade, (length - 1 - index) / fade);
    out[index] = Math.round(
      Math.sin((2 * Math.PI * BEEP.hz * index) / SAMPLE_RATE) * BEEP.amplitude * 32767 * envelope,
    );
  }
  return out;
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

function concat(parts: Int16Array[]): Int16Array {
  const out = new Int16Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

interface Job {
  file: string;
  item: Item;
  src: string;
  recipe: string;
}

async function synthesise(job: Job, scratch: string): Promise<{ seconds: number; voice: string }> {
  const narration = narrationOf(job.item);
  if (!narration) throw new Error(`${job.item.id} has no recording`);
  const voices = voicesFor(job.item);
  const stretch = stretchFor(job.item);
  const parts: Int16Array[] = [silence(LEAD_IN_SECONDS)];
  for (const [index, turn] of narration.turns.entries()) {
    const textFile = path.join(scratch, `${job.item.id}-${index}.txt`);
    const wavFile = path.join(scratch, `${job.item.id}-${index}.wav`);
    await writeFile(textFile, turn.text);
    await run('flite', [
      '-voice',
      voices[turn.speaker],
      '--setf',
      `duration_stretch=${stretch}`,
      '-f',
      textFile,
      '-o',
      wavFile,
    ]);
    if (index > 0) parts.push(silence(TURN_PAUSE_SECONDS));
    parts.push(pcmOf(await readFile(wavFile)));
  }
  if (narration.endsWithBeep) parts.push(silence(0.15), beep());
  parts.push(silence(TAIL_SECONDS));
  const pcm = concat(parts);
  const wavFile = path.join(scratch, `${job.item.id}.wav`);
  const mp3File = path.join(mediaRoot, job.src);
  await writeFile(wavFile, wavOf(pcm));
  await mkdir(path.dirname(mp3File), { recursive: true });
  await run('lame', [...LAME_ARGS, wavFile, mp3File]);
  const speakers = [...new Set(narration.turns.map((turn) => voices[turn.speaker]))];
  return {
    seconds: Math.round((pcm.length / SAMPLE_RATE) * 10) / 10,
    voice: speakers.map((voice) => `flite-${voice}`).join('+'),
  };
}

/**
 * Rewrites the item's `content.audio` in place, leaving the rest of the file exactly as written.
 * The bank writes it as one flow mapping (`audio: { src: …, durationSeconds: … }`).
 */
async function writeAudioRef(file: string, src: string, seconds: number, voice: string) {
  const source = await readFile(file, 'utf8');
  const audio = parseDocument(source).getIn(['content', 'audio'], true);
  if (!isMap(audio) || !audio.flow || !audio.range) {
    throw new Error(
      `${file}: write content.audio as one line, audio: { src: …, durationSeconds: … }`,
    );
  }
  const [start, end] = audio.range;
  const flow = `{ src: ${src}, durationSeconds: ${seconds}, voice: ${voice} }`;
  await writeFile(file, `${source.slice(0, start)}${flow}${source.slice(end)}`);
}

async function listItemFiles(): Promise<string[]> {
  const entries = await readdir(itemsRoot, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.yaml'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

async function main() {
  const args = process.argv.slice(2);
  const all = args.includes('--all');
  const named = new Set(args.filter((arg) => !arg.startsWith('--')));
  let manifest: Record<string, string> = {};
  try {
    manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as Record<string, string>;
  } catch {
    // First run.
  }

  const jobs: Job[] = [];
  for (const file of await listItemFiles()) {
    const parsed = parseItem(parse(await readFile(file, 'utf8')));
    if (!parsed.ok) {
      console.error(
        `${path.relative(root, file)}: invalid item, skipped (run npm run content:check)`,
      );
      continue;
    }
    const item = parsed.item;
    const narration = narrationOf(item);
    if (!narration) continue;
    const src = `audio/${item.type.toLowerCase()}/${item.id}.mp3`;
    const recipe = createHash('sha256')
      .update(JSON.stringify([SETTINGS_VERSION, narration, voicesFor(item), stretchFor(item), src]))
      .digest('hex');
    const audio = (item.content as { audio: { src: string; voice?: string } }).audio;
    const current = manifest[item.id] === recipe && audio.src === src && audio.voice !== undefined;
    if (named.size > 0 ? named.has(item.id) : all || !current) {
      jobs.push({ file, item, src, recipe });
    }
  }

  const scratch = await mkdtemp(path.join(os.tmpdir(), 'ninety-audio-'));
  let done = 0;
  const worker = async () => {
    for (let job = jobs.shift(); job; job = jobs.shift()) {
      const { seconds, voice } = await synthesise(job, scratch);
      await writeAudioRef(job.file, job.src, seconds, voice);
      manifest[job.item.id] = job.recipe;
      done += 1;
      console.log(`${job.item.id}  ${seconds.toFixed(1)} s  ${voice}`);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, os.availableParallelism()) }, worker));
  await rm(scratch, { recursive: true, force: true });
  await mkdir(path.dirname(manifestFile), { recursive: true });
  const sorted = Object.fromEntries(
    Object.entries(manifest).sort(([a], [b]) => a.localeCompare(b)),
  );
  await writeFile(manifestFile, `${JSON.stringify(sorted, null, 2)}\n`);
  console.log(`${done} recording(s) generated.`);
}

await main();
