import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
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
