import { readFile, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseYaml, YAMLParseError } from 'yaml';
import {
  ITEM_TYPE_CODES,
  missingSpeechWords,
  parseItem,
  spokenTextsOf,
  type Item,
} from '@ninety/contract';
import { mp3DurationSeconds, svgSize } from './media-files';

/**
 * Reads the question bank from `content/`: one YAML file per item under `items/<type>/`, media
 * under `media/`. Everything an author can get wrong is reported as file + field path + message;
 * the import refuses the whole bank while any problem remains.
 */

export interface BankProblem {
  /** Relative to the content root, e.g. `items/ra/ra-0003.yaml`. */
  file: string;
  path: string;
  message: string;
}

export interface BankItem {
  item: Item;
  file: string;
  /** Media paths relative to the media root, e.g. `audio/rs/rs-0001.mp3`. */
  media: string[];
}

export interface Bank {
  items: BankItem[];
  problems: BankProblem[];
}

export interface LoadBankOptions {
  /** The speech engine's dictionary; speaking items are checked against it. */
  hasWord: (word: string) => boolean;
  /** Skip the media checks, for authors writing items before their audio and images exist. */
  skipMedia?: boolean;
}

/** How far a committed MP3 may run from its item's `durationSeconds` (encoder padding and rounding). */
const DURATION_TOLERANCE_SECONDS = 0.3;

export const ITEMS_DIR = 'items';
export const MEDIA_DIR = 'media';

/** Media an item refers to, with the field that names each. */
export function mediaRefsOf(item: Item): { path: string; src: string; kind: 'audio' | 'image' }[] {
  const refs: { path: string; src: string; kind: 'audio' | 'image' }[] = [];
  const content = item.content as { audio?: { src: string }; image?: { src: string } };
  if (content.audio)
    refs.push({ path: 'content.audio.src', src: content.audio.src, kind: 'audio' });
  if (content.image)
    refs.push({ path: 'content.image.src', src: content.image.src, kind: 'image' });
  return refs;
}

async function listYamlFiles(dir: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true, recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return entries
    .filter((entry) => entry.isFile() && /\.ya?ml$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

async function fileSize(file: string): Promise<number | null> {
  try {
    return (await stat(file)).size;
  } catch {
    return null;
  }
}

async function checkMedia(
  item: Item,
  mediaRoot: string,
  report: (path: string, message: string) => void,
): Promise<void> {
  for (const ref of mediaRefsOf(item)) {
    const file = path.join(mediaRoot, ref.src);
    if ((await fileSize(file)) === null) {
      report(ref.path, `media file ${MEDIA_DIR}/${ref.src} does not exist`);
      continue;
    }
    if (ref.kind === 'audio' && ref.src.endsWith('.mp3')) {
      const seconds = mp3DurationSeconds(await readFile(file));
      const declared = (item.content as { audio: { durationSeconds: number } }).audio
        .durationSeconds;
      if (seconds === null) report(ref.path, `${ref.src} is not an MP3 file`);
      else if (Math.abs(seconds - declared) > DURATION_TOLERANCE_SECONDS) {
        report(
          'content.audio.durationSeconds',
          `says ${declared} s but ${ref.src} plays for ${seconds.toFixed(2)} s`,
        );
      }
    }
    if (ref.kind === 'image' && ref.src.endsWith('.svg')) {
      const size = svgSize(await readFile(file, 'utf8'));
      const declared = (item.content as { image: { width: number; height: number } }).image;
      if (!size) report(ref.path, `${ref.src} declares no width and height`);
      else if (size.width !== declared.width || size.height !== declared.height) {
        report(
          'content.image',
          `says ${declared.width}×${declared.height} but ${ref.src} is ${size.width}×${size.height}`,
        );
      }
    }
  }
}

/** Loads and checks every item file under `contentRoot`. */
export async function loadBank(contentRoot: string, options: LoadBankOptions): Promise<Bank> {
  const itemsRoot = path.join(contentRoot, ITEMS_DIR);
  const mediaRoot = path.join(contentRoot, MEDIA_DIR);
  const items: BankItem[] = [];
  const problems: BankProblem[] = [];
  const fileOfId = new Map<string, string>();

  for (const absolute of await listYamlFiles(itemsRoot)) {
    const file = path.relative(contentRoot, absolute).split(path.sep).join('/');
    const report = (fieldPath: string, message: string) =>
      problems.push({ file, path: fieldPath, message });

    let data: unknown;
    try {
      data = parseYaml(await readFile(absolute, 'utf8'));
    } catch (error) {
      if (!(error instanceof YAMLParseError)) throw error;
      const line = error.linePos?.[0];
      report(line ? `line ${line.line}` : '(file)', `not valid YAML: ${error.code}`);
      continue;
    }
    const parsed = parseItem(data);
    if (!parsed.ok) {
      for (const problem of parsed.problems) report(problem.path, problem.message);
      continue;
    }
    const item = parsed.item;
    const before = problems.length;

    const stem = path.basename(file).replace(/\.ya?ml$/, '');
    if (stem !== item.id) report('id', `is "${item.id}" but the file is named ${stem}.yaml`);
    const folder = path.basename(path.dirname(absolute));
    if (folder !== item.type.toLowerCase()) {
      report('type', `a ${item.type} item belongs in ${ITEMS_DIR}/${item.type.toLowerCase()}/`);
    }
    const earlier = fileOfId.get(item.id);
    if (earlier) report('id', `"${item.id}" is already used by ${earlier}`);
    fileOfId.set(item.id, file);

    if (!options.skipMedia) await checkMedia(item, mediaRoot, report);
    for (const spoken of spokenTextsOf(item)) {
      const missing = missingSpeechWords(spoken.text, options.hasWord);
      if (missing.length > 0) {
        report(
          spoken.path,
          `the speech engine's dictionary lacks ${missing.map((word) => `"${word}"`).join(', ')}` +
            ' (write numbers in words; choose another word for names)',
        );
      }
    }

    if (problems.length === before) {
      items.push({ item, file, media: mediaRefsOf(item).map((ref) => ref.src) });
    }
  }
  return { items, problems };
}

/** Items per type code, in the catalogue's order, for the import's summary. */
export function countByType(items: readonly BankItem[]): [string, number][] {
  const counts = new Map<string, number>(ITEM_TYPE_CODES.map((code) => [code, 0]));
  for (const { item } of items) counts.set(item.type, (counts.get(item.type) ?? 0) + 1);
  return [...counts];
}

/** One line per problem, `file  path: message`, sorted by file. */
export function formatBankProblems(problems: readonly BankProblem[]): string {
  return problems
    .map((problem) => `${problem.file}  ${problem.path}: ${problem.message}`)
    .join('\n');
}
