/**
 * Speech fixtures for the engine's synthetic regression tests and the bench, made at run time
 * with Debian's espeak-ng and sox (.ci/run installs both) and cached in the temporary directory.
 * espeak voices are not learners: these clips check that the engine behaves consistently
 * (orderings, bounds), not that its scores are valid.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseWav } from '../wav';

export interface ClipSpec {
  text: string;
  /** Words per minute (espeak -s). */
  wpm?: number;
  voice?: string;
  /** The text is SSML (pauses as <break time="1300ms"/>). */
  ssml?: boolean;
  /** Another synthesis engine: flite with one of its voices (`voice`: slt, rms, awb, kal16). */
  engine?: 'espeak-ng' | 'flite';
}

/** flite (a second engine, so orderings are not one engine's artefact). */
export function fliteAvailable(): boolean {
  try {
    execFileSync('flite', ['-lv'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export function speechToolsAvailable(): boolean {
  try {
    execFileSync('espeak-ng', ['--version'], { stdio: 'ignore' });
    execFileSync('sox', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const cacheDir = path.join(os.tmpdir(), 'ninety-speech-fixtures');

/** The clip as a 16 kHz mono PCM16 WAV file (generated once, then cached). */
export function clipFile(spec: ClipSpec): string {
  const key = createHash('sha256').update(JSON.stringify(spec)).digest('hex').slice(0, 16);
  const file = path.join(cacheDir, `${key}.wav`);
  if (existsSync(file)) return file;
  mkdirSync(cacheDir, { recursive: true });
  const raw = path.join(cacheDir, `${key}.${process.pid}.raw.wav`);
  const tmp = path.join(cacheDir, `${key}.${process.pid}.wav`);
  if (spec.engine === 'flite') {
    execFileSync('flite', ['-voice', spec.voice ?? 'slt', '-t', spec.text, '-o', raw]);
  } else {
    execFileSync('espeak-ng', [
      '-v',
      spec.voice ?? 'en-us',
      '-s',
      String(spec.wpm ?? 150),
      ...(spec.ssml ? ['-m'] : []),
      '-w',
      raw,
      spec.text,
    ]);
  }
  execFileSync('sox', [raw, '-r', '16000', '-c', '1', '-b', '16', tmp]);
  renameSync(tmp, file);
  return file;
}

export function clip(spec: ClipSpec): Float32Array {
  return parseWav(readFileSync(clipFile(spec)), { maxSeconds: 600 });
}

export const READ_ALOUD =
  'The university library has extended its opening hours during the examination period, so that students can study late into the evening without interruption.';
/** Three words left out of READ_ALOUD. */
export const OMITTED = ['extended', 'examination', 'evening'];
export const READ_ALOUD_OMITTED =
  'The university library has its opening hours during the period, so that students can study late into the without interruption.';
/** Three words replaced by unrelated ones. */
export const READ_ALOUD_SUBSTITUTED =
  'The university garden has extended its opening hours during the festival period, so that farmers can study late into the evening without interruption.';
export const SUBSTITUTED = ['library', 'examination', 'students'];
export const READ_ALOUD_PAUSES =
  '<speak>The university library has extended its opening hours <break time="1400ms"/> during the examination period, so that students <break time="1300ms"/> can study late into the evening <break time="1500ms"/> without interruption.</speak>';

/** Around 90 words, about 40 s at 140 wpm: the longest Read Aloud. */
export const LONG_READ_ALOUD = [
  READ_ALOUD,
  'Photosynthesis is a process by which green plants use sunlight to produce glucose and oxygen from carbon dioxide and water.',
  'Many researchers believe that regular exercise improves not only physical health but also memory, concentration and mood in people of all ages.',
  'Cities that invest in public transport tend to have cleaner air, shorter journeys and a stronger local economy than those that rely on private cars.',
].join(' ');

export const DESCRIBE_IMAGE_KEYWORDS = [
  'bar chart',
  'population',
  'cities',
  'increased',
  'percent',
  'london',
  'tokyo',
  'highest',
  'lowest',
  'between',
  'million',
  'growth',
];
/** The DESCRIBE_IMAGE_KEYWORDS found, in order, among the decoded words of an answer. */
export function describeImageKeywordsIn(words: readonly { word: string }[]): string[] {
  const said = words.map((entry) => entry.word).join(' ');
  return DESCRIBE_IMAGE_KEYWORDS.filter((keyword) => said.includes(keyword));
}

export const DESCRIBE_IMAGE_GOOD =
  'This bar chart shows the population of five cities between two thousand and two thousand and twenty. Tokyo had the highest population, about thirty seven million, while London had the lowest. Overall the population increased in every city, and the growth was around ten percent.';
export const DESCRIBE_IMAGE_POOR =
  'I like to go swimming on Sunday morning with my brother, and then we eat breakfast together at home.';
