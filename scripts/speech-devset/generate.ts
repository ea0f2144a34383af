/**
 * The speech engine's development set (issue 15): synthetic answers to bank items, read by three
 * offline synthesis engines (espeak-ng, flite, festival) and eleven voices, in the ways a learner
 * errs. The audio is made here and never committed; `npm run bench:speech-verify` scores it.
 *
 *   apt-get install -y espeak-ng flite sox festival festvox-kallpc16k festvox-kdlpc16k festvox-us-slt-hts
 *   node --import tsx scripts/speech-devset/generate.ts [--out=DIR] [--voices=a,b] [--items=a,b]
 *
 * Reading items (RA, RS): correct, 2–3 words omitted, 2–3 substituted by unrelated words and by
 * similar-sounding ones (one phone apart in the dictionary), another item's text (off-topic),
 * slow and fast (sox tempo), three 1.2–1.5 s pauses, white noise at 15 dB SNR, room silence.
 * Open items (DI, RL, RTS, SGD): the item's sample answer (full), its sentences covering about
 * half the key points (half), a memorised template, an off-topic answer, room silence. The key
 * points each open answer really says are found in its text (hyphen- and number-insensitive).
 *
 * Split: the held-out voices (all of festival, and flite's awb) are never used to fit constants.
 * Everything is seeded: the same tools give the same set.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { ItemSchema, type Item } from '@ninety/contract';

const root = path.resolve(import.meta.dirname, '../..');
const RATE = 16_000;

export interface Voice {
  id: string;
  engine: 'espeak-ng' | 'flite' | 'festival';
  split: 'tuning' | 'held-out';
}

export const VOICES: readonly Voice[] = [
  { id: 'espeak-en-us', engine: 'espeak-ng', split: 'tuning' },
  { id: 'espeak-en-gb-f3', engine: 'espeak-ng', split: 'tuning' },
  { id: 'espeak-scotland-m3', engine: 'espeak-ng', split: 'tuning' },
  { id: 'espeak-029-f2', engine: 'espeak-ng', split: 'tuning' },
  { id: 'flite-kal16', engine: 'flite', split: 'tuning' },
  { id: 'flite-slt', engine: 'flite', split: 'tuning' },
  { id: 'flite-rms', engine: 'flite', split: 'tuning' },
  { id: 'flite-awb', engine: 'flite', split: 'held-out' },
  { id: 'festival-kal', engine: 'festival', split: 'held-out' },
  { id: 'festival-ked', engine: 'festival', split: 'held-out' },
  { id: 'festival-slt-hts', engine: 'festival', split: 'held-out' },
];

/**
 * Bank items the set answers: short enough that the whole set scores in minutes. Items are only
 * ever appended: each clip's choices are seeded by its item and voice, so an added item leaves
 * every earlier clip (and its stored decodes) as it was. rs-0005, rs-0017 and rs-0030 were added
 * so that each held-out voice reads more than four texts (issue 15).
 */
const READING_ITEMS = ['ra-0008', 'rs-0001', 'rs-0010', 'rs-0023', 'rs-0005', 'rs-0017', 'rs-0030'];
/** The text an RA is read "off topic" against; another RA of the set would change with the list. */
const OFF_TOPIC_RA = 'ra-0018';
const OPEN_ITEMS = ['di-0001', 'rl-0001', 'rts-0001', 'sgd-0001'];

export type ReadingVariant =
  | 'correct'
  | 'omitted'
  | 'sub-unrelated'
  | 'sub-similar'
  | 'off-topic'
  | 'slow'
  | 'fast'
  | 'pauses'
  | 'noise15'
  | 'silence';
export type OpenVariant = 'full' | 'half' | 'template' | 'off-topic' | 'silence';

export interface Clip {
  file: string;
  voice: string;
  engine: Voice['engine'];
  split: Voice['split'];
  itemId: string;
  type: Item['type'];
  variant: ReadingVariant | OpenVariant;
  /** What the voice said. */
  spoken: string;
  /** Reading items: indices (into the reference's words) left out or replaced. */
  omitted?: number[];
  substituted?: number[];
  /** Open items: indices of the key points whose keywords the spoken text contains. */
  pointsSaid?: number[];
}

/* ---------- text ---------- */

const FUNCTION = new Set(
  'a an the and or but of to in on at by for with from as is are was were be been being has have had do does did this that these those it its their they them there which who whom whose what when where while will would can could should may might must not no so than then too very also into over under about after before during until between through each every all any some such our your his her we you he she i'.split(
    ' ',
  ),
);

/** Reference words as the scorer splits them (whitespace, edge punctuation stripped). */
export function wordsOf(text: string): string[] {
  return text
    .split(/\s+/)
    .map((raw) => raw.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter((word) => word.length > 0);
}

const ONES =
  'zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen'.split(
    ' ',
  );
const TENS = ' ten twenty thirty forty fifty sixty seventy eighty ninety'.split(' ');
function numberWords(n: number): string {
  if (n < 20) return ONES[n] ?? String(n);
  if (n < 100) return `${TENS[Math.floor(n / 10)]}${n % 10 ? ` ${ONES[n % 10]}` : ''}`;
  if (n < 1000)
    return `${ONES[Math.floor(n / 100)]} hundred${n % 100 ? ` ${numberWords(n % 100)}` : ''}`;
  return String(n);
}

/** Lower case, hyphens and punctuation as spaces, numbers as words: for "was it said". */
export function matchForm(text: string): string {
  return ` ${text
    .toLowerCase()
    .replace(/(\d+)%/g, '$1 percent')
    .replace(/\d+/g, (digits) => numberWords(Number(digits)))
    .replace(/[^a-z' ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()} `;
}

export function saysKeyword(spoken: string, keyword: string): boolean {
  return matchForm(spoken).includes(matchForm(keyword));
}

/* ---------- seeded choices ---------- */

function seeded(seedText: string): () => number {
  let h = 2166136261;
  for (const ch of seedText) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  return () => {
    h = (h + 0x6d2b79f5) >>> 0;
    let t = h;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/* ---------- dictionary (for similar-sounding words) ---------- */

let dictionary: Map<string, string[]> | null = null;
/** Every pronunciation of each word, its variants (`word(2)`) included. */
let allPronunciations: Map<string, Set<string>> | null = null;
function pronunciations(): Map<string, string[]> {
  if (dictionary) return dictionary;
  dictionary = new Map();
  allPronunciations = new Map();
  const text = readFileSync(path.join(root, 'apps/server/speech-model/en-us16/dict.txt'), 'utf8');
  for (const line of text.split('\n')) {
    const [entry, ...phones] = line.trim().split(/\s+/);
    if (!entry || phones.length === 0) continue;
    const word = entry.replace(/\(\d+\)$/, '');
    allPronunciations.set(word, (allPronunciations.get(word) ?? new Set()).add(phones.join(' ')));
    if (entry === word) dictionary.set(word, phones);
  }
  return dictionary;
}

/**
 * Words one of whose pronunciations is one of the other's ("affect" is a way of saying "effect"
 * in the dictionary): reading one for the other is no substitution the engine could hear.
 */
function soundAlike(a: string, b: string): boolean {
  pronunciations();
  const of = (word: string) => allPronunciations?.get(word) ?? new Set<string>();
  return [...of(a)].some((phones) => of(b).has(phones));
}

let vocabulary: string[] | null = null;
/** Common words: every word of the bank's texts that the dictionary knows. */
function bankVocabulary(): string[] {
  if (vocabulary) return vocabulary;
  const words = new Set<string>();
  // Folders of items only (content/items also holds public-samples.json since issue 19).
  const dirs = readdirSync(path.join(root, 'content/items'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  for (const dir of dirs) {
    for (const file of readdirSync(path.join(root, 'content/items', dir))) {
      const text = readFileSync(path.join(root, 'content/items', dir, file), 'utf8');
      for (const word of text.toLowerCase().match(/[a-z]{3,}/g) ?? []) words.add(word);
    }
  }
  const dict = pronunciations();
  vocabulary = [...words].filter((word) => dict.has(word)).sort();
  return vocabulary;
}

/** A common word whose pronunciation is one phone away (same length), else two. */
function similarWord(word: string, random: () => number): string | null {
  const dict = pronunciations();
  const target = dict.get(word.toLowerCase());
  if (!target) return null;
  for (const allowed of [1, 2]) {
    const options = bankVocabulary().filter((candidate) => {
      if (candidate === word.toLowerCase() || soundAlike(candidate, word.toLowerCase()))
        return false;
      const phones = dict.get(candidate);
      if (!phones || phones.length !== target.length) return false;
      const differ = phones.filter((phone, i) => phone !== target[i]).length;
      return differ === allowed;
    });
    if (options.length > 0) return options[Math.floor(random() * options.length)] ?? null;
  }
  return null;
}

const UNRELATED = [
  'banana',
  'elephant',
  'pocket',
  'yellow',
  'guitar',
  'pillow',
  'monkey',
  'carpet',
  'tomato',
  'violin',
  'bucket',
  'dolphin',
  'umbrella',
  'kitchen',
];

/** 2–3 content words, spread out, never the first word. */
function targets(words: string[], random: () => number): number[] {
  const dict = pronunciations();
  const candidates = words
    .map((word, index) => ({ word: word.toLowerCase(), index }))
    .filter(
      ({ word, index }) =>
        index > 0 &&
        word.length >= 4 &&
        !FUNCTION.has(word) &&
        /^[a-z]+$/.test(word) &&
        dict.has(word),
    );
  const count = Math.min(candidates.length, 2 + Math.floor(random() * 2));
  const chosen: number[] = [];
  // One from each stretch of the text, so the errors do not touch each other.
  for (let k = 0; k < count; k += 1) {
    const from = Math.floor((k * candidates.length) / count);
    const to = Math.floor(((k + 1) * candidates.length) / count);
    const pick = candidates[from + Math.floor(random() * Math.max(to - from, 1))];
    if (pick && !chosen.includes(pick.index)) chosen.push(pick.index);
  }
  return chosen.sort((a, b) => a - b);
}

/* ---------- audio ---------- */

function readPcm16(file: string): Float32Array {
  const buffer = readFileSync(file);
  let offset = 12;
  while (offset + 8 <= buffer.length) {
    const id = buffer.toString('ascii', offset, offset + 4);
    const size = buffer.readUInt32LE(offset + 4);
    if (id === 'data') {
      const count = Math.floor(Math.min(size, buffer.length - offset - 8) / 2);
      const out = new Float32Array(count);
      for (let i = 0; i < count; i += 1) out[i] = buffer.readInt16LE(offset + 8 + i * 2) / 32768;
      return out;
    }
    offset += 8 + size + (size % 2);
  }
  throw new Error(`no data chunk in ${file}`);
}

function writePcm16(file: string, samples: Float32Array): void {
  const buffer = Buffer.alloc(44 + samples.length * 2);
  buffer.write('RIFF', 0, 'ascii');
  buffer.writeUInt32LE(36 + samples.length * 2, 4);
  buffer.write('WAVEfmt ', 8, 'ascii');
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(1, 20);
  buffer.writeUInt16LE(1, 22);
  buffer.writeUInt32LE(RATE, 24);
  buffer.writeUInt32LE(RATE * 2, 28);
  buffer.writeUInt16LE(2, 32);
  buffer.writeUInt16LE(16, 34);
  buffer.write('data', 36, 'ascii');
  buffer.writeUInt32LE(samples.length * 2, 40);
  samples.forEach((value, i) => {
    buffer.writeInt16LE(Math.round(Math.max(-1, Math.min(1, value)) * 32767), 44 + i * 2);
  });
  writeFileSync(file, buffer);
}

function gaussian(random: () => number): number {
  const u = Math.max(random(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/** A microphone's floor (about −60 dBFS) over silence of `seconds`. */
function roomTone(seconds: number, random: () => number): Float32Array {
  const out = new Float32Array(Math.round(seconds * RATE));
  for (let i = 0; i < out.length; i += 1) {
    out[i] = 1e-3 * gaussian(random) + 3e-4 * Math.sin((2 * Math.PI * 50 * i) / RATE);
  }
  return out;
}

function concat(parts: Float32Array[]): Float32Array {
  const out = new Float32Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

function withFloor(samples: Float32Array, random: () => number): Float32Array {
  const floor = roomTone(samples.length / RATE, random);
  return samples.map((value, i) => value + (floor[i] ?? 0));
}

/** White noise at `snrDb` below the speech's active-level RMS. */
function withNoise(samples: Float32Array, snrDb: number, random: () => number): Float32Array {
  let sum = 0;
  let count = 0;
  for (const value of samples) {
    if (Math.abs(value) > 0.01) {
      sum += value * value;
      count += 1;
    }
  }
  const rms = Math.sqrt(sum / Math.max(count, 1));
  const sigma = rms / 10 ** (snrDb / 20);
  return samples.map((value) => value + sigma * gaussian(random));
}

/** One utterance by one voice, as 16 kHz mono samples. */
function synthesise(voice: Voice, text: string, work: string): Float32Array {
  const raw = path.join(work, 'raw.wav');
  const out = path.join(work, 'out.wav');
  const flat = text.replace(/\s+/g, ' ').trim();
  switch (voice.id) {
    case 'espeak-en-us':
      execFileSync('espeak-ng', ['-v', 'en-us', '-s', '150', '-w', raw, flat]);
      break;
    case 'espeak-en-gb-f3':
      execFileSync('espeak-ng', ['-v', 'en-gb+f3', '-s', '140', '-w', raw, flat]);
      break;
    case 'espeak-scotland-m3':
      execFileSync('espeak-ng', ['-v', 'en-gb-scotland+m3', '-s', '135', '-w', raw, flat]);
      break;
    case 'espeak-029-f2':
      execFileSync('espeak-ng', ['-v', 'en-029+f2', '-s', '155', '-w', raw, flat]);
      break;
    case 'flite-kal16':
    case 'flite-slt':
    case 'flite-rms':
    case 'flite-awb':
      execFileSync('flite', ['-voice', voice.id.slice(6), '-t', flat, '-o', raw]);
      break;
    default: {
      const festivalVoice = {
        'festival-kal': 'kal_diphone',
        'festival-ked': 'ked_diphone',
        'festival-slt-hts': 'cmu_us_slt_arctic_hts',
      }[voice.id];
      if (!festivalVoice) throw new Error(`unknown voice ${voice.id}`);
      const input = path.join(work, 'text.txt');
      writeFileSync(input, flat);
      execFileSync('text2wave', ['-eval', `(voice_${festivalVoice})`, '-o', raw, input]);
    }
  }
  execFileSync('sox', [raw, '-r', String(RATE), '-c', '1', '-b', '16', out]);
  return readPcm16(out);
}

function tempo(samples: Float32Array, factor: number, work: string): Float32Array {
  const input = path.join(work, 'tempo-in.wav');
  const out = path.join(work, 'tempo-out.wav');
  writePcm16(input, samples);
  execFileSync('sox', [input, out, 'tempo', '-s', String(factor)]);
  return readPcm16(out);
}

/* ---------- answers ---------- */

const TEMPLATES: Record<string, string> = {
  DI: 'The image gives information about an interesting topic. First of all, there are several important features that can be seen clearly. Some of the values are higher while others are lower. Overall, the image provides a good overview of the subject.',
  RL: 'The lecture was about an interesting and important topic. First of all, the speaker talked about several main ideas and gave some examples. The speaker also mentioned some other points. Overall, the lecture was very useful and informative.',
  RTS: 'Hello, thank you for your time. I would like to talk to you about this situation. I think it is important and we should discuss it together. Please let me know what you think. Thank you very much.',
  SGD: 'The speakers discussed an interesting topic. The first speaker talked about the main idea. The second speaker had a different opinion. The third speaker agreed with some of the points. Overall, it was a useful discussion.',
};
const OFF_TOPIC_OPEN =
  'My favourite meal is a bowl of noodle soup with fresh vegetables. My grandmother cooks it every winter, and the whole family sits together at the kitchen table. I also enjoy baking bread on rainy weekends, because the house smells wonderful afterwards.';

function keyPointsOf(item: Item): { keywords: readonly string[] }[] {
  return 'key' in item && item.key && 'keyPoints' in item.key ? item.key.keyPoints : [];
}

function sampleAnswerOf(item: Item): string {
  return 'key' in item && item.key && 'sampleAnswer' in item.key && item.key.sampleAnswer
    ? item.key.sampleAnswer
    : '';
}

const sentencesOf = (text: string) =>
  text
    .replace(/\s+/g, ' ')
    .split(/(?<=[.!?])\s+/)
    .filter((sentence) => sentence.trim().length > 0);

/** The sample answer's sentences that say the first half of the key points and none of the rest. */
function halfAnswer(item: Item): string {
  const points = keyPointsOf(item);
  const keep = Math.ceil(points.length / 2);
  const says = (sentence: string, from: number, to: number) =>
    points.slice(from, to).some((point) => point.keywords.some((kw) => saysKeyword(sentence, kw)));
  const chosen = sentencesOf(sampleAnswerOf(item)).filter(
    (sentence) => !says(sentence, keep, points.length),
  );
  return chosen.join(' ');
}

export function pointsSaid(item: Item, spoken: string): number[] {
  return keyPointsOf(item).flatMap((point, index) =>
    point.keywords.some((keyword) => saysKeyword(spoken, keyword)) ? [index] : [],
  );
}

/* ---------- main ---------- */

const loadedItems = new Map<string, Item>();

/** A bank item by id, read from content/items once (the fitting scripts ask for each many times). */
export function loadItem(id: string): Item {
  let item = loadedItems.get(id);
  if (!item) {
    const dir = id.split('-')[0] ?? '';
    const raw = parse(readFileSync(path.join(root, 'content/items', dir, `${id}.yaml`), 'utf8'));
    loadedItems.set(id, (item = ItemSchema.parse(raw)));
  }
  return item;
}

export function referenceOf(item: Item): string {
  if (item.type === 'RA') return item.content.text;
  if (item.type === 'RS') return item.key.transcript;
  throw new Error(`${item.id} is not a reading item`);
}

export const defaultOut = path.join(os.tmpdir(), 'ninety-speech-devset');

function main(): void {
  const outArg = process.argv.find((arg) => arg.startsWith('--out='));
  const voicesArg = process.argv.find((arg) => arg.startsWith('--voices='));
  // --items=a,b makes only those items' clips and keeps the rest of an existing manifest.
  const itemsArg = process.argv.find((arg) => arg.startsWith('--items='));
  const onlyItems = itemsArg ? new Set(itemsArg.slice(8).split(',')) : null;
  const out = outArg ? path.resolve(outArg.slice(6)) : defaultOut;
  const only = voicesArg ? new Set(voicesArg.slice(9).split(',')) : null;
  const voices = VOICES.filter((voice) => !only || only.has(voice.id));
  mkdirSync(out, { recursive: true });
  const work = path.join(out, `.work-${process.pid}`);
  mkdirSync(work, { recursive: true });
  const clips: Clip[] = [];
  const wanted = (id: string) => !onlyItems || onlyItems.has(id);
  const reading = READING_ITEMS.filter(wanted).map(loadItem);
  const open = OPEN_ITEMS.filter(wanted).map(loadItem);
  try {
    for (const voice of voices) {
      const save = (
        clip: Omit<Clip, 'file' | 'voice' | 'engine' | 'split'>,
        audio: Float32Array,
      ) => {
        const file = `${voice.id}__${clip.itemId}__${clip.variant}.wav`;
        const random = seeded(file);
        const padded = concat([roomTone(0.5, random), audio, roomTone(0.6, random)]);
        writePcm16(path.join(out, file), withFloor(padded, random));
        clips.push({ file, voice: voice.id, engine: voice.engine, split: voice.split, ...clip });
      };
      for (const item of reading) {
        const reference = referenceOf(item);
        const words = wordsOf(reference);
        const random = seeded(`${item.id}`);
        const base = { itemId: item.id, type: item.type };
        const correct = synthesise(voice, reference, work);
        save({ ...base, variant: 'correct', spoken: reference }, correct);

        const omitted = targets(words, random);
        const omittedText = words.filter((_, i) => !omitted.includes(i)).join(' ');
        save(
          { ...base, variant: 'omitted', spoken: omittedText, omitted },
          synthesise(voice, omittedText, work),
        );

        const unrelated = targets(words, random);
        const unrelatedText = words
          .map((word, i) =>
            unrelated.includes(i)
              ? (UNRELATED[Math.floor(random() * UNRELATED.length)] ?? word)
              : word,
          )
          .join(' ');
        save(
          { ...base, variant: 'sub-unrelated', spoken: unrelatedText, substituted: unrelated },
          synthesise(voice, unrelatedText, work),
        );

        const similarAt = targets(words, random).filter((i) => similarWord(words[i] ?? '', random));
        const similarRandom = seeded(`${item.id}-similar`);
        const similarText = words
          .map((word, i) =>
            similarAt.includes(i) ? (similarWord(word, similarRandom) ?? word) : word,
          )
          .join(' ');
        save(
          { ...base, variant: 'sub-similar', spoken: similarText, substituted: similarAt },
          synthesise(voice, similarText, work),
        );

        // An RS is read as the first other RS of the list (earlier items keep theirs as it grows).
        const otherRs = READING_ITEMS.find((id) => id !== item.id && id.startsWith('rs-'));
        const offTopic = referenceOf(
          loadItem(item.type === 'RA' || !otherRs ? OFF_TOPIC_RA : otherRs),
        );
        save(
          { ...base, variant: 'off-topic', spoken: offTopic },
          synthesise(voice, offTopic, work),
        );

        save({ ...base, variant: 'slow', spoken: reference }, tempo(correct, 0.72, work));
        save({ ...base, variant: 'fast', spoken: reference }, tempo(correct, 1.35, work));

        // Three pauses inside sentences, where a fluent reader would not stop.
        const cuts = [0.25, 0.5, 0.75].map((share) =>
          Math.max(1, Math.round(words.length * share)),
        );
        const chunks = [0, ...cuts, words.length]
          .slice(0, -1)
          .map((from, k) => words.slice(from, [...cuts, words.length][k]).join(' '));
        const pauseRandom = seeded(`${voice.id}-${item.id}-pauses`);
        const paused = concat(
          chunks.flatMap((chunk, k) => [
            ...(k > 0 ? [roomTone(1.2 + 0.1 * k, pauseRandom)] : []),
            synthesise(voice, chunk, work),
          ]),
        );
        save({ ...base, variant: 'pauses', spoken: reference }, paused);
        save(
          { ...base, variant: 'noise15', spoken: reference },
          withNoise(correct, 15, seeded(`${voice.id}-${item.id}-noise`)),
        );
        save(
          { ...base, variant: 'silence', spoken: '' },
          roomTone(6, seeded(`${voice.id}-${item.id}-room`)),
        );
      }
      for (const item of open) {
        const base = { itemId: item.id, type: item.type };
        const answers: [OpenVariant, string][] = [
          ['full', sampleAnswerOf(item)],
          ['half', halfAnswer(item)],
          ['template', TEMPLATES[item.type] ?? ''],
          ['off-topic', OFF_TOPIC_OPEN],
        ];
        for (const [variant, spoken] of answers) {
          save(
            { ...base, variant, spoken, pointsSaid: pointsSaid(item, spoken) },
            synthesise(voice, spoken, work),
          );
        }
        save(
          { ...base, variant: 'silence', spoken: '', pointsSaid: [] },
          roomTone(8, seeded(`${voice.id}-${item.id}-room`)),
        );
      }
      console.log(`${voice.id}: ${clips.filter((clip) => clip.voice === voice.id).length} clips`);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  const manifestFile = path.join(out, 'manifest.json');
  const made = new Set(clips.map((clip) => clip.file));
  const kept =
    (onlyItems || only) && existsSync(manifestFile)
      ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Clip[]).filter(
          (clip) => !made.has(clip.file),
        )
      : [];
  writeFileSync(manifestFile, `${JSON.stringify([...kept, ...clips], null, 1)}\n`);
  console.log(`${clips.length} clips made, ${kept.length + clips.length} in ${out}`);
}

if (process.argv[1] === import.meta.filename) main();
