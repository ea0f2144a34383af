import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { LISTENING_ITEM_TYPES, narrationOf, parseItem, toWords } from '@ninety/contract';
import { parse } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { mp3DurationSeconds } from '../../content/media-files';
import { cueProblems, parseVtt } from './listening-cues';
import {
  cuesFileOf,
  LISTENING_DIR,
  PassageFileSchema,
  readCatalogueFile,
  type Catalogue,
} from './listening-catalogue';

/**
 * The committed 精听 materials (content/listening): every cue inside its recording, in order,
 * one per sentence, with no more than 1 s of the recording uncovered between two cues (plus the
 * turn pause where the speaker changes), and the catalogue true to the passages and the bank.
 */
const contentRoot = path.resolve(import.meta.dirname, '../../../../../content');
let catalogue: Catalogue;

async function yamlFiles(dir: string) {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.yaml'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

const mediaFileOf = (entry: Catalogue['materials'][number]) =>
  entry.audio.store === 'bank'
    ? path.join(contentRoot, 'media', entry.audio.src)
    : path.join(contentRoot, LISTENING_DIR, entry.audio.src);

beforeAll(async () => {
  catalogue = await readCatalogueFile(contentRoot);
});

const run = promisify(execFile);

/** The player's padding (web: player/sentence-window.ts), at most half the gap to a neighbour. */
const PAD_BEFORE_SECONDS = 0.25;
const PAD_AFTER_SECONDS = 0.2;
/** 10 ms frames; a frame is speech at 10 % of the recording's speech level (its 90th percentile). */
const FRAME_SECONDS = 0.01;
const SPEECH_SHARE = 0.1;
/** Speech heard by no sentence: a run this long (a syllable's worth) is a clipped word. */
const MIN_RUN_SECONDS = 0.05;

/** The recording's loudness per 10 ms frame, decoded with lame (the pipeline's decoder). */
async function frameLevels(mp3File: string): Promise<Float32Array> {
  const { stdout } = await run('lame', ['--quiet', '--decode', mp3File, '-'], {
    encoding: 'buffer',
    maxBuffer: 64 * 1024 * 1024,
  });
  const data = stdout.indexOf('data');
  const rate = stdout.readUInt32LE(24);
  const pcm = new Int16Array(
    stdout.buffer.slice(
      stdout.byteOffset + data + 8,
      stdout.byteOffset + stdout.length - ((stdout.length - data - 8) % 2),
    ),
  );
  const frame = Math.round(rate * FRAME_SECONDS);
  const levels = new Float32Array(Math.floor(pcm.length / frame));
  for (let k = 0; k < levels.length; k += 1) {
    let sum = 0;
    for (let i = k * frame; i < (k + 1) * frame; i += 1) sum += (pcm[i]! / 32768) ** 2;
    levels[k] = Math.sqrt(sum / frame);
  }
  return levels;
}

describe('listening materials (content/listening)', () => {
  it('every material: cues inside the audio, in order, one per sentence, no uncovered speech', async () => {
    const problems: string[] = [];
    for (const entry of catalogue.materials) {
      const audio = await readFile(mediaFileOf(entry));
      const seconds = mp3DurationSeconds(audio);
      if (seconds === null) {
        problems.push(`${entry.id}: no MP3`);
        continue;
      }
      const cues = parseVtt(await readFile(cuesFileOf(contentRoot, entry.id), 'utf8'));
      for (const problem of cueProblems(cues, seconds, entry.sentences)) {
        problems.push(`${entry.id}: ${problem}`);
      }
      cues.forEach((cue, index) => {
        if (cue.text !== entry.sentences[index]?.text.replace(/\s+/g, ' ').trim()) {
          problems.push(`${entry.id}: cue ${index} text differs from its sentence`);
        }
      });
      if (Math.abs(seconds - entry.durationSeconds) > 0.3) {
        problems.push(`${entry.id}: durationSeconds ${entry.durationSeconds}, audio ${seconds}`);
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it('every word is inside a sentence as the player plays it: no speech outside the padded cues', async () => {
    const problems: string[] = [];
    for (const entry of catalogue.materials) {
      const levels = await frameLevels(mediaFileOf(entry));
      const speech = [...levels].sort((a, b) => a - b)[Math.floor(levels.length * 0.9)] ?? 0;
      const cues = parseVtt(await readFile(cuesFileOf(contentRoot, entry.id), 'utf8'));
      // What the player plays of each sentence (sentence-window.ts), in order.
      const windows = cues.map((cue, index) => {
        const previous = cues[index - 1];
        const next = cues[index + 1];
        const before = previous
          ? Math.min(PAD_BEFORE_SECONDS, (cue.start - previous.end) / 2)
          : PAD_BEFORE_SECONDS;
        const after = next
          ? Math.min(PAD_AFTER_SECONDS, (next.start - cue.end) / 2)
          : PAD_AFTER_SECONDS;
        return { start: cue.start - before, end: cue.end + after };
      });
      const end = levels.length * FRAME_SECONDS;
      // SMW's beep stands in for the missing last word after the last sentence.
      const tail = entry.source === 'SMW' ? end : (windows.at(-1)?.end ?? 0);
      const gaps = windows.map((window, index) => ({
        from: index === 0 ? 0 : windows[index - 1]!.end,
        to: window.start,
      }));
      gaps.push({ from: tail, to: end });
      for (const gap of gaps) {
        let run = 0;
        for (
          let k = Math.ceil(gap.from / FRAME_SECONDS);
          k < Math.floor(gap.to / FRAME_SECONDS);
          k += 1
        ) {
          run = (levels[k] ?? 0) >= speech * SPEECH_SHARE ? run + 1 : 0;
          if (run * FRAME_SECONDS >= MIN_RUN_SECONDS) {
            problems.push(
              `${entry.id}: speech at ${(k * FRAME_SECONDS).toFixed(2)} s is in no sentence`,
            );
            break;
          }
        }
      }
    }
    expect(problems).toEqual([]);
  }, 300_000);

  it('holds at least 30 passages of 1–3 minutes, every passage file with its sentences and translations', async () => {
    const files = await yamlFiles(path.join(contentRoot, LISTENING_DIR, 'passages'));
    const byId = new Map(catalogue.materials.map((entry) => [entry.id, entry]));
    expect(files.length).toBeGreaterThanOrEqual(30);
    let discussions = 0;
    for (const file of files) {
      const passage = PassageFileSchema.parse(parse(await readFile(file, 'utf8')));
      expect(path.basename(file, '.yaml')).toBe(passage.id);
      const entry = byId.get(passage.id);
      expect(entry, passage.id).toBeDefined();
      expect(entry!.source).toBe('passage');
      expect(entry!.durationSeconds, passage.id).toBeGreaterThanOrEqual(60);
      expect(entry!.durationSeconds, passage.id).toBeLessThanOrEqual(180);
      expect(entry!.sentences.map((s) => [s.text, s.translationZh])).toEqual(
        passage.sentences.map((s) => [s.en, s.zh]),
      );
      if (passage.kind === 'discussion') {
        discussions += 1;
        expect(new Set(passage.sentences.map((s) => s.speaker)).size, passage.id).toBeGreaterThan(
          1,
        );
      }
    }
    expect(discussions).toBeGreaterThanOrEqual(5);
  });

  it('every bank item of a listening type with a recording is a material', async () => {
    const types = new Set<string>(LISTENING_ITEM_TYPES);
    const materials = new Set(catalogue.materials.map((entry) => entry.id));
    const missing: string[] = [];
    let withAudio = 0;
    for (const file of await yamlFiles(path.join(contentRoot, 'items'))) {
      const parsed = parseItem(parse(await readFile(file, 'utf8')));
      if (!parsed.ok || !types.has(parsed.item.type)) continue;
      const audio = (parsed.item.content as { audio?: unknown }).audio;
      if (!audio || !narrationOf(parsed.item)) continue;
      withAudio += 1;
      if (!materials.has(parsed.item.id)) missing.push(parsed.item.id);
    }
    expect(withAudio).toBeGreaterThan(200);
    expect(missing).toEqual([]);
  });

  it('bank materials say what their item says', async () => {
    const types = new Set<string>(LISTENING_ITEM_TYPES);
    const items = new Map<string, ReturnType<typeof narrationOf>>();
    for (const file of await yamlFiles(path.join(contentRoot, 'items'))) {
      const parsed = parseItem(parse(await readFile(file, 'utf8')));
      if (parsed.ok && types.has(parsed.item.type))
        items.set(parsed.item.id, narrationOf(parsed.item));
    }
    for (const entry of catalogue.materials.filter((material) => material.source !== 'passage')) {
      expect(items.has(entry.itemId ?? ''), entry.id).toBe(true);
      const narration = items.get(entry.itemId!)!;
      const spoken = narration!.turns.map((turn) => turn.text).join(' ');
      expect(toWords(entry.sentences.map((s) => s.text).join(' ')), entry.id).toEqual(
        toWords(spoken),
      );
    }
  });
});
