/**
 * One decoding job on a loaded soundswallower decoder: the worker's whole job, kept apart from
 * the thread plumbing so it reads top to bottom. Beam policy (gotchas 3, 5): a pruned search
 * first, and on an empty result the same search unpruned, which never failed in the trial.
 */
import type { AlignedPhone, AlignedWord, Alignment } from '@ninety/scoring';
import type { Decoder, Segment } from 'soundswallower';
import {
  GARBAGE_PREFIX,
  PHONES,
  answerGrammar,
  garbageWord,
  headFsg,
  headGrammar,
  keywordFsg,
  keywordGrammar,
  phoneLoopFsg,
  phoneLoopGrammar,
  prefixGrammar,
  readSpanOf,
  readingFsg,
  skippableGrammar,
  tailFsg,
  tailGrammar,
  type Fsg,
} from './grammar';
import { normaliseWords } from './normalise';
import { preprocess } from './preprocess';
import { wordRank } from '@ninety/scoring/word-ranks';
import { competitorsOf, loadNeighbourIndex, type NeighbourIndex } from './competitors';
import {
  baseWord,
  isKeywordVariantName,
  keywordVariantName,
  keywordVariants,
  MAX_KEYWORD_VARIANTS,
  reducedVariants,
  variantName,
} from './reduced-vowels';
import type { JobResult, ReadSpan, ReadingPart, SpeechJob } from './protocol';
import { SPEECH_SAMPLE_RATE } from './wav';

export const PRUNED_BEAM = 1e-80;
/**
 * Grammars with a phone loop are far costlier than a linear alignment (every phone is a word
 * exit in every frame): measured on a 19 s answer, beam 1e-80 took 16 s and an 820 MB heap;
 * the default beam 1e-48 with at most 1000 active HMMs per frame took 5 s and found the same
 * 12 of 12 keywords.
 */
const GRAMMAR_BEAM = 1e-48;
const GRAMMAR_MAX_HMM_PER_FRAME = 1000;
/**
 * Keyword spotting keeps fewer HMMs a frame (issue 15, latency: a 40 s open answer took 5.6 s on
 * an idle 2-core machine, target 3 s). Its search was 0.29 s of a core per second of audio at
 * 1000, 0.18 at 300 and 0.14 at 200 (development set, per-thread CPU time); since every keyword
 * found is judged against its free phones anyway, a find the narrower search loses on other
 * speech is no loss. Detection at 200: ADR 0027.
 */
const KEYWORD_MAX_HMM_PER_FRAME = 200;

/**
 * The keyword search's pruned pass. Exported so scripts/speech-devset/open-cost.ts can try other
 * settings on the development set; nothing in the server changes it.
 */
export interface KeywordSearch {
  beam: number;
  wbeam: number;
  pbeam: number;
  maxHmmPerFrame: number;
  /**
   * Spoken variants searched per keyword word (reduced-vowels.ts keywordVariants); 0 = none. At 3
   * (ADR 0027, tenth sitting) accented voices' key points were found far more often (tuning full
   * answers 99 -> 108 of 126, espeak-ng en-gb 11 -> 16 of 18) and the held-out voices' never-said
   * finds fell 6 -> 1, for 15-20 % more search CPU.
   */
  variants: number;
  /**
   * 1: the keyword grammar is loaded as the hand-built FSG `keywordFsg` (one loop state) instead
   * of compiled from JSGF (two copies of the loop, ~50 null transitions a word end). A trial for
   * open-cost.ts (`--try='hub:hub=1'`). Half the search's CPU, but the server keeps 0: on the
   * development set it hears more key points that were never said (ADR 0027, thirteenth sitting).
   */
  hub: number;
}
export const keywordSearch: KeywordSearch = {
  beam: GRAMMAR_BEAM,
  wbeam: GRAMMAR_BEAM,
  pbeam: GRAMMAR_BEAM,
  maxHmmPerFrame: KEYWORD_MAX_HMM_PER_FRAME,
  variants: MAX_KEYWORD_VARIANTS,
  hub: 0,
};
/** The decoder's default limit, high enough not to prune an alignment. */
const UNLIMITED_HMM = 30_000;
/** The decoder's default word insertion penalty, and the low one the grammars need (§5). */
const DEFAULT_WIP = 0.65;
const GRAMMAR_WIP = 1e-3;
/**
 * What skipping a reference word costs in the reading grammar (issue 15), as a JSGF weight: low
 * enough that a word read badly is still aligned (and scored), high enough that a word not said
 * at all is left out rather than squeezed between its neighbours. On the development set
 * (scripts/speech-devset, espeak-ng, flite and festival voices) 1e-2 to 1e-8 all left out 33 of 33
 * omitted words and none besides; 1 of 246 words of correct readings was skipped at 1e-4, none at
 * 1e-8; most substituted words (22 of 27 at 1e-4, 18 at 1e-8) are skipped as well.
 */
export const SKIP_WEIGHT = 1e-4;
/**
 * The free phone decode (goodness of pronunciation): a phone loop with the keyword grammar's
 * beams, word insertion penalty and alignment level; its phones' scores are the competing
 * hypothesis the scorer compares each aligned phone with.
 */
const FREE_WIP = 0.05;
const FREE_ALIGN_LEVEL = 1;
/**
 * The free decode's own decoder, one per worker (issue 15, latency): the phone loop was twice a
 * half's alignment, the biggest cost of a 40 s reading. Context-independent phones (`cionly`: 39
 * HMMs, not one per left and right context), acoustic scores every second frame (`ds`) and a
 * tighter beam took it from 0.095 to 0.033 s of a core per second of audio on the development
 * set's readings (scripts/speech-devset, flite slt and festival kal), for the same detection
 * once the goodness constants were refitted for it (profile pte-2025-08-r4). Its dictionary is
 * the loop's 39 one-phone words only (`dict` names no file, so soundswallower loads none: 7 MB
 * and 0.2 s to load, not 25 MB and 2 s). Its search is loaded once and never changed.
 */
const FREE_BEAM = 1e-20;
export function phoneDecoderConfig(modelDirectory: string) {
  return {
    ...DECODER_CONFIG,
    cionly: true,
    ds: 2,
    dict: modelDirectory,
    beam: FREE_BEAM,
    wbeam: FREE_BEAM,
    pbeam: FREE_BEAM,
    maxhmmpf: GRAMMAR_MAX_HMM_PER_FRAME,
    wip: FREE_WIP,
  };
}
/** The name merged runs of garbage phones get in the timeline. */
export const GARBAGE_WORD = '[GARBAGE]';

export const DECODER_CONFIG = {
  samprate: SPEECH_SAMPLE_RATE,
  loglevel: 'ERROR',
  beam: PRUNED_BEAM,
  wbeam: PRUNED_BEAM,
  pbeam: PRUNED_BEAM,
} as const;

/**
 * The C functions soundswallower exports for grammars built by hand (its `fsg_set_states` exists
 * for that), which its Decoder class does not wrap: with them a reading's grammar is loaded as
 * the FSG grammar.ts builds, not compiled from JSGF (see `Fsg` there for why).
 */
interface FsgApi {
  HEAPU8: Uint8Array;
  _malloc(bytes: number): number;
  _free(pointer: number): void;
  _decoder_logmath(decoder: number): number;
  _logmath_log(logmath: number, p: number): number;
  _fsg_model_init(name: number, logmath: number, lw: number, states: number): number;
  _fsg_model_word_add(fsg: number, word: number): number;
  _fsg_model_trans_add(fsg: number, from: number, to: number, logp: number, wid: number): void;
  _fsg_model_null_trans_add(fsg: number, from: number, to: number, logp: number): number;
  _fsg_set_states(fsg: number, start: number, final: number): void;
  _decoder_set_fsg(decoder: number, fsg: number): number;
}

const FSG_FUNCTIONS = [
  '_malloc',
  '_free',
  '_decoder_logmath',
  '_logmath_log',
  '_fsg_model_init',
  '_fsg_model_word_add',
  '_fsg_model_trans_add',
  '_fsg_model_null_trans_add',
  '_fsg_set_states',
  '_decoder_set_fsg',
] as const;

function isFsgApi(module: unknown): module is FsgApi {
  if (typeof module !== 'object' || module === null) return false;
  const api = module as Record<string, unknown>;
  return (
    api['HEAPU8'] instanceof Uint8Array &&
    FSG_FUNCTIONS.every((name) => typeof api[name] === 'function')
  );
}

const fsgApis = new WeakMap<Decoder, FsgApi>();
const neighbourIndexes = new WeakMap<Decoder, NeighbourIndex>();
const competitorTrials = new WeakMap<Decoder, { weight?: number; maxRank?: number }>();
const phoneDecoders = new WeakMap<Decoder, Decoder>();
/**
 * The keyword search a decoder has loaded (its grammar and settings), so the next piece of the
 * same answer decodes on it rather than building it again (~85 ms a piece, a 40 s answer has
 * five or six). Any other search loaded on the decoder forgets it.
 */
const loadedKeywordSearch = new WeakMap<Decoder, string>();

/**
 * Makes `phones` (built with phoneDecoderConfig) the free phone decoder of `decoder`'s jobs: the
 * loop's words added and its grammar loaded, once.
 */
export function preparePhoneDecoder(decoder: Decoder, phones: Decoder): void {
  for (const phone of PHONES) phones.add_words([garbageWord(phone), phone]);
  // Both decoders live in the same module: its FSG functions serve the phone decoder too.
  const api = fsgApis.get(decoder);
  if (api) fsgApis.set(phones, api);
  loadPhoneLoop(phones);
  phoneDecoders.set(decoder, phones);
}

/** The free phone loop as the decoder's search: hand-built where it can be, else from JSGF. */
function loadPhoneLoop(decoder: Decoder): void {
  setFsg(decoder, phoneLoopFsg(), phoneLoopGrammar, { scaled: false });
}

/**
 * Adds the one-phone garbage words once per decoder, one per call (gotcha 4), and keeps the
 * module's FSG functions for this decoder when it has them (else readings fall back to JSGF).
 */
export function prepareDecoder(
  decoder: Decoder,
  module?: unknown,
  /**
   * The model's dictionary file: reading words get reduced-vowel variants and competitors from
   * it (issue 15). Without it readings are searched on their words alone, as before.
   */
  dictionaryFile?: string,
  /**
   * The competitors' prior and commonest rank, when not the server's COMPETITOR_WEIGHT and
   * MAX_COMPETITOR_RANK (trials only).
   */
  competitorTrial?: { weight?: number; maxRank?: number },
): void {
  for (const phone of PHONES) decoder.add_words([garbageWord(phone), phone]);
  if (isFsgApi(module)) fsgApis.set(decoder, module);
  if (dictionaryFile) {
    neighbourIndexes.set(decoder, loadNeighbourIndex(dictionaryFile));
    if (competitorTrial) competitorTrials.set(decoder, competitorTrial);
    // The spoken-frequency list that names competitors, read now rather than in a learner's job.
    wordRank('the');
  }
}

/** A NUL-terminated copy of `text` on the module's heap; the caller frees it. */
function cString(api: FsgApi, text: string): number {
  const bytes = new TextEncoder().encode(`${text}\0`);
  const pointer = api._malloc(bytes.length);
  // HEAPU8 is replaced when the heap grows: read it after the allocation.
  api.HEAPU8.set(bytes, pointer);
  return pointer;
}

/**
 * Loads `fsg` as the decoder's search, as set_grammar loads a compiled JSGF (the same language
 * weight, each transition's log probability, silence and fillers added by the search itself).
 * Without the module's functions it loads `jsgf()` instead.
 */
function setFsg(
  decoder: Decoder,
  fsg: Fsg,
  jsgf: () => string,
  /** Loops (keywords, free phones) keep their weights as the JSGF compiler writes them: unscaled. */
  { scaled = true }: { scaled?: boolean } = {},
): void {
  const api = fsgApis.get(decoder);
  if (!api) {
    decoder.set_grammar(jsgf());
    return;
  }
  const cdecoder = (decoder as unknown as { cdecoder: number }).cdecoder;
  const logmath = api._decoder_logmath(cdecoder);
  const name = cString(api, 'reading');
  const languageWeight = Number(decoder.get_config('lw'));
  const model = api._fsg_model_init(name, logmath, languageWeight, fsg.states);
  api._free(name);
  const wordIds = new Map<string, number>();
  for (const arc of fsg.arcs) {
    // Scaled by the language weight, as the decoder's JSGF path ends up weighing them (measured:
    // unscaled, a reading's first word was skipped where the JSGF grammar kept it).
    const logp = Math.round(api._logmath_log(logmath, arc.p) * (scaled ? languageWeight : 1));
    if (arc.word === null) {
      api._fsg_model_null_trans_add(model, arc.from, arc.to, logp);
      continue;
    }
    let wid = wordIds.get(arc.word);
    if (wid === undefined) {
      const word = cString(api, arc.word);
      wid = api._fsg_model_word_add(model, word);
      api._free(word);
      wordIds.set(arc.word, wid);
    }
    api._fsg_model_trans_add(model, arc.from, arc.to, logp, wid);
  }
  api._fsg_set_states(model, fsg.start, fsg.final);
  // The decoder takes the model over (decoder.h: "consumes the pointer").
  if (api._decoder_set_fsg(cdecoder, model) < 0) throw new Error('Failed to set FSG in decoder');
}

/**
 * What a competing word's arc costs beside the reference word's (issue 15), as a probability:
 * the search takes the competitor only where the audio fits it better by more than this prior.
 */
export const COMPETITOR_WEIGHT = 1e-3;

/**
 * Only words among this many of the most common spoken ones compete (SUBTLEX-US rank; issue 15,
 * profile pte-2025-08-r13): the competitors that took correct words were words no learner says
 * ("antill", "maust", "meany": rank over 17,000 or none), the substitutes common ones. On the
 * development set's tuning voices 751 -> 756 of 833 correct words kept, substitutes below every
 * correct word 62 -> 63 of 98 (ADR 0028, fourth round).
 */
export const MAX_COMPETITOR_RANK = 20_000;

/** A competitor's dictionary name: the reference word and the word it competes with. */
const competitorName = (word: string, competitor: string) => `${word}__c_${competitor}`;
/** The competing word a timeline name holds, if it is one. */
function competitorOf(name: string): string | undefined {
  return /__c_([a-z]+)$/.exec(name)?.[1];
}

/**
 * Each word's alternatives this decoder's dictionary holds (added once, by name): its
 * reduced-vowel variants and its competitors.
 */
const alternativeNames = new WeakMap<
  Decoder,
  Map<string, { variants: string[]; competitors: string[] }>
>();

/** A word's pronunciations in the decoder's dictionary: the word's and its "(n)" alternates. */
function pronunciationsOf(decoder: Decoder, word: string): string[][] {
  const out: string[][] = [];
  for (let n = 1; n < 10; n += 1) {
    const name = n === 1 ? word : `${word}(${n})`;
    let phones: string | undefined;
    try {
      phones = decoder.lookup_word(name) || undefined;
    } catch {
      phones = undefined;
    }
    if (!phones) break;
    out.push(phones.trim().split(/\s+/));
  }
  return out;
}

/**
 * `fsg` with each reading word's alternatives as parallel arcs (issue 15): its reduced-vowel
 * variants (reduced-vowels.ts) at the word's own weight, as the search adds a word's alternates,
 * and its competitors (competitors.ts) at COMPETITOR_WEIGHT times it. Both are words of their own
 * (`word__r1`, `word__c_ocean`), so keyword and answer searches, which name the plain words,
 * never see them; the timeline and the hypothesis name them back as the word, a competitor as
 * the word `heardAs` the competitor. Only the skippable reading searches get them: the unpruned
 * retry (set_align_text) aligns the words alone.
 */
function withAlternatives(decoder: Decoder, fsg: Fsg): Fsg {
  const index = neighbourIndexes.get(decoder);
  if (!index) return fsg;
  let known = alternativeNames.get(decoder);
  if (!known) {
    known = new Map();
    alternativeNames.set(decoder, known);
  }
  const trial = competitorTrials.get(decoder);
  const competitorWeight = trial?.weight ?? COMPETITOR_WEIGHT;
  const arcs = [...fsg.arcs];
  for (const arc of fsg.arcs) {
    if (arc.word === null || arc.word.startsWith(GARBAGE_PREFIX)) continue;
    let names = known.get(arc.word);
    if (!names) {
      const word = arc.word;
      const prons = pronunciationsOf(decoder, word);
      const variants = prons[0] ? reducedVariants(word, prons[0], prons) : [];
      const competitors = prons[0]
        ? competitorsOf(
            index,
            word,
            prons[0],
            [...prons, ...variants],
            wordRank,
            trial?.maxRank ?? MAX_COMPETITOR_RANK,
          )
        : [];
      names = { variants: [], competitors: [] };
      const add = (name: string, phones: readonly string[], into: string[]) => {
        if (addWord(decoder, name, phones)) into.push(name);
      };
      for (const [at, phones] of variants.entries())
        add(variantName(word, at + 1), phones, names.variants);
      for (const competitor of competitors)
        add(competitorName(word, competitor.word), competitor.phones, names.competitors);
      known.set(word, names);
    }
    for (const name of names.variants) arcs.push({ ...arc, word: name });
    for (const name of names.competitors)
      arcs.push({ ...arc, word: name, p: arc.p * competitorWeight });
  }
  return { ...fsg, arcs };
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;

function toPhone(segment: Segment, offsetSeconds: number): AlignedPhone {
  return {
    phone: segment.t,
    start: round3(Math.max(0, segment.b + offsetSeconds)),
    duration: round3(segment.d),
    p: segment.p,
    frames: Math.round(segment.d * 100),
  };
}

/**
 * soundswallower's word segments → the scorers' timeline; garbage phones merge into one word.
 * The decoder saw the trimmed recording: `offsetSeconds` (where that starts in the learner's
 * recording) puts every time back on the recording, so a word plays back from the right place.
 */
export function toAlignment(
  root: Segment,
  mode: Alignment['mode'],
  retried: boolean,
  audioSeconds: number,
  offsetSeconds = 0,
): Alignment {
  const words: AlignedWord[] = [];
  const at = (seconds: number) => round3(Math.max(0, seconds + offsetSeconds));
  for (const segment of root.w ?? []) {
    const phones = (segment.w ?? []).map((phone) => toPhone(phone, offsetSeconds));
    if (segment.t.startsWith(GARBAGE_PREFIX)) {
      const previous = words.at(-1);
      if (previous?.word === GARBAGE_WORD) {
        previous.duration = round3(at(segment.b + segment.d) - previous.start);
        previous.p = round3(previous.p * segment.p);
        previous.phones.push(...phones);
        continue;
      }
      words.push({
        word: GARBAGE_WORD,
        start: at(segment.b),
        duration: round3(segment.d),
        p: segment.p,
        phones,
      });
      continue;
    }
    const name = segment.t.replace(/\(\d+\)$/, '');
    const heardAs = competitorOf(name);
    words.push({
      word: baseWord(name),
      start: at(segment.b),
      duration: round3(segment.d),
      p: segment.p,
      phones,
      ...(heardAs ? { heardAs } : {}),
      ...(isKeywordVariantName(name) ? { spokenVariant: true } : {}),
    });
  }
  return { mode, retried, audioSeconds: round3(audioSeconds), words };
}

/** Each keyword word's spoken variants this decoder's dictionary holds (added once, by name). */
const variantsByDecoder = new WeakMap<Decoder, Map<string, string[]>>();

function keywordVariantNames(decoder: Decoder, word: string): string[] {
  let known = variantsByDecoder.get(decoder);
  if (!known) {
    known = new Map();
    variantsByDecoder.set(decoder, known);
  }
  const had = known.get(word);
  if (had) return had;
  const prons = pronunciationsOf(decoder, word);
  const names: string[] = [];
  if (prons[0]) {
    for (const [at, phones] of keywordVariants(word, prons[0], prons).entries()) {
      const name = keywordVariantName(word, at + 1);
      if (addWord(decoder, name, phones)) names.push(name);
    }
  }
  known.set(word, names);
  return names;
}

/**
 * Adds `name` with `phones` to the decoder's dictionary, one word per call (gotcha 4); a name
 * already there is kept as it is. False when the dictionary refuses it: the word then keeps its
 * own pronunciations.
 */
function addWord(decoder: Decoder, name: string, phones: readonly string[]): boolean {
  try {
    if (!isKnown(decoder, name)) decoder.add_words([name, phones.join(' ')]);
    return true;
  } catch {
    return false;
  }
}

function isKnown(decoder: Decoder, word: string): boolean {
  try {
    return Boolean(decoder.lookup_word(word));
  } catch {
    return false;
  }
}

/** Normalised words the dictionary knows; the rest are left out (see normalise.ts). */
function knownWords(decoder: Decoder, text: string): string[] {
  return normaliseWords(text).filter((word) => isKnown(decoder, word));
}

interface PartSearch {
  /** Loads the part's grammar, with skip arcs or (the unpruned retry, see runJob) without. */
  load: (skippable: boolean) => void;
  /** Which known words a hypothesis of this part read. */
  spanOf: (hypothesis: string) => ReadSpan | null;
}

/** The grammar of one part of a long reading, and how to tell which words it read. */
function partSearch(decoder: Decoder, text: string, part: ReadingPart): PartSearch {
  const known: string[] = [];
  let windowFrom = 0;
  let windowTo = 0;
  normaliseWords(text).forEach((word, index) => {
    if (!isKnown(decoder, word)) return;
    if (index < part.windowFrom) windowFrom += 1;
    if (index < part.windowTo) windowTo += 1;
    known.push(word);
  });
  const before = known.slice(0, windowFrom);
  const window = known.slice(windowFrom, windowTo);
  const after = known.slice(windowTo);
  // The words read in full may be skipped (issue 15), as in a reading aligned whole.
  const fsgWith = (skipWeight?: number) =>
    part.side === 'head'
      ? headFsg(before, window, skipWeight)
      : tailFsg(window, after, part.cutOff ?? false, skipWeight);
  const grammarWith = (skipWeight?: number) =>
    part.side === 'head'
      ? headGrammar(before, window, skipWeight)
      : tailGrammar(window, after, part.cutOff ?? false, skipWeight);
  return {
    load: (skippable) => {
      const skipWeight = skippable ? SKIP_WEIGHT : undefined;
      setFsg(decoder, withAlternatives(decoder, fsgWith(skipWeight)), () =>
        grammarWith(skipWeight),
      );
    },
    spanOf: (hypothesis) => {
      const read = hypothesis.split(' ').map((word) => baseWord(word.replace(/\(\d+\)$/, '')));
      const span = readSpanOf(read, known, { ...part, windowFrom, windowTo });
      return span ? { ...span, known: known.length } : null;
    },
  };
}

function phrases(decoder: Decoder, texts: readonly string[]): string[][] {
  const out: string[][] = [];
  for (const text of texts) {
    const all = normaliseWords(text);
    const known = knownWords(decoder, text);
    // A phrase with an unknown word cannot be spotted as said; leave it out entirely.
    if (known.length > 0 && known.length === all.length) out.push(known);
  }
  return out;
}

function setBeams(decoder: Decoder, beam: number, maxHmmPerFrame: number): void {
  decoder.set_config('beam', beam);
  decoder.set_config('wbeam', beam);
  decoder.set_config('pbeam', beam);
  decoder.set_config('maxhmmpf', maxHmmPerFrame);
}

/**
 * The free phone decode of the same frames (issue 15: the competing hypothesis): the best
 * sequence of phones, whatever was read, as a timeline of phones. Undefined when it fails; the
 * scorer then judges words by their alignment alone, as before.
 */
function decodeFreePhones(
  decoder: Decoder,
  samples: Float32Array,
  offsetSeconds: number,
): AlignedPhone[] | undefined {
  let free = phoneDecoders.get(decoder);
  if (!free) {
    // A decoder without its own phone decoder loops over its context-dependent phones.
    free = decoder;
    loadedKeywordSearch.delete(decoder);
    setBeams(decoder, GRAMMAR_BEAM, GRAMMAR_MAX_HMM_PER_FRAME);
    decoder.set_config('wip', FREE_WIP);
    loadPhoneLoop(decoder);
  }
  free.start();
  free.process_audio(samples, false, true);
  free.stop();
  if (free.get_text() === '') return undefined;
  const root = free.get_alignment({ align_level: FREE_ALIGN_LEVEL });
  return (root.w ?? []).flatMap((segment) => {
    if (!segment.t.startsWith(GARBAGE_PREFIX) && segment.t !== '<sil>') return [];
    const phones = FREE_ALIGN_LEVEL > 0 && segment.w?.length ? segment.w : [segment];
    return phones.map((phone) => toPhone(phone, offsetSeconds));
  });
}

/**
 * Decodes one recording, or one piece of a recording the pool has already preprocessed (then
 * `preparedOffsetSeconds` says where the piece starts in the learner's recording).
 */
export function runJob(
  decoder: Decoder,
  input: Float32Array,
  job: SpeechJob,
  preparedOffsetSeconds?: number,
  /** Filled with the CPU seconds of the search and of the free phones (open-cost.ts). */
  timing?: { search: number; free: number },
  clock: () => number = () => 0,
): JobResult {
  if (job.kind !== 'keywords') loadedKeywordSearch.delete(decoder);
  const prepared =
    preparedOffsetSeconds === undefined
      ? preprocess(input)
      : { ok: true as const, samples: input, offsetSeconds: preparedOffsetSeconds };
  if (!prepared.ok) return { outcome: prepared };
  const audioSeconds = prepared.samples.length / SPEECH_SAMPLE_RATE;
  if (job.kind === 'phones') {
    const free = decodeFreePhones(decoder, prepared.samples, prepared.offsetSeconds);
    if (!free) return { outcome: { ok: false, reason: 'decode-failed' } };
    return {
      outcome: {
        ok: true,
        alignment: {
          mode: 'align',
          retried: false,
          audioSeconds: round3(audioSeconds),
          words: [],
          free,
        },
      },
    };
  }

  let mode: Alignment['mode'];
  let setSearch: (retried: boolean) => void;
  let part: PartSearch | undefined;
  let skippable = false;
  if (job.kind === 'align' && job.part) {
    const search = partSearch(decoder, job.referenceText, job.part);
    part = search;
    mode = 'align';
    decoder.set_config('wip', DEFAULT_WIP);
    setSearch = (retried) => {
      skippable = !retried;
      search.load(skippable);
    };
  } else if (job.kind === 'align') {
    const words = knownWords(decoder, job.referenceText);
    if (words.length === 0) return { outcome: { ok: false, reason: 'decode-failed' } };
    mode = 'align';
    decoder.set_config('wip', DEFAULT_WIP);
    // Unpruned, the skip arcs' search grows far past the linear one (a 40 s reading outlasted its
    // job limit on a busy machine): the retry is the plain forced alignment, as before issue 15.
    const plain = job.plain ?? false;
    setSearch = (retried) => {
      skippable = !retried && !plain;
      if (retried || plain) decoder.set_align_text(words.join(' '));
      else
        setFsg(decoder, withAlternatives(decoder, readingFsg(words, SKIP_WEIGHT)), () =>
          skippableGrammar(words, SKIP_WEIGHT),
        );
    };
  } else if (job.kind === 'keywords') {
    // The keyword grammar's words, looked up once for whichever form of it is loaded.
    const words = [
      phrases(decoder, job.keywords),
      job.functionWords ? knownWordsOf(decoder, job.functionWords) : undefined,
      (word: string) => keywordVariantNames(decoder, word).slice(0, keywordSearch.variants),
    ] as const;
    const grammar = keywordGrammar(...words);
    mode = 'keywords';
    decoder.set_config('wip', GRAMMAR_WIP);
    setSearch = (retried) => {
      if (retried) {
        loadedKeywordSearch.delete(decoder);
        decoder.set_grammar(grammar);
        return;
      }
      // The search takes its beams when it is built: they are part of what is loaded.
      const key = `${JSON.stringify(keywordSearch)}\n${grammar}`;
      if (loadedKeywordSearch.get(decoder) === key) return;
      loadedKeywordSearch.delete(decoder);
      decoder.set_config('wbeam', keywordSearch.wbeam);
      decoder.set_config('pbeam', keywordSearch.pbeam);
      if (keywordSearch.hub) {
        setFsg(decoder, keywordFsg(...words), () => grammar, { scaled: false });
      } else {
        decoder.set_grammar(grammar);
      }
      loadedKeywordSearch.set(decoder, key);
    };
  } else {
    const grammar = answerGrammar(phrases(decoder, job.acceptedAnswers));
    mode = job.kind;
    decoder.set_config('wip', GRAMMAR_WIP);
    setSearch = () => decoder.set_grammar(grammar);
  }

  const pruned: [number, number] =
    mode === 'align'
      ? [PRUNED_BEAM, UNLIMITED_HMM]
      : mode === 'keywords'
        ? [keywordSearch.beam, keywordSearch.maxHmmPerFrame]
        : [GRAMMAR_BEAM, GRAMMAR_MAX_HMM_PER_FRAME];
  const searchStarted = clock();
  for (const [beam, maxHmm, retried] of [
    [...pruned, false],
    [0, UNLIMITED_HMM, true],
  ] as const) {
    setBeams(decoder, beam, maxHmm);
    setSearch(retried);
    decoder.start();
    decoder.process_audio(prepared.samples, false, true);
    decoder.stop();
    // get_alignment throws on a failed search (gotcha 5): check the text first.
    const text = decoder.get_text();
    if (text === '') continue;
    // The hypothesis names reference words only: fillers and silences are not in the text.
    const read = part?.spanOf(text);
    const segments = phoneSegments(decoder);
    // The phones could not be aligned to the search's words: the next, unpruned pass decides.
    if (!segments) continue;
    const alignment = toAlignment(segments, mode, retried, audioSeconds, prepared.offsetSeconds);
    if (skippable) alignment.skippable = true;
    if (mode === 'keywords') {
      const freeStarted = clock();
      if (timing) timing.search += freeStarted - searchStarted;
      // The competing hypothesis of each keyword heard (issue 15): the free phones of the same
      // frames, so the scorer keeps only keywords that fit their frames nearly as well.
      const free = decodeFreePhones(decoder, prepared.samples, prepared.offsetSeconds);
      if (free) alignment.free = free;
      if (timing) timing.free += clock() - freeStarted;
    }
    if (mode === 'align' && !(job.kind === 'align' && (job.plain || job.freePhones === false))) {
      const free = decodeFreePhones(decoder, prepared.samples, prepared.offsetSeconds);
      if (free) alignment.free = free;
    }
    return { outcome: { ok: true, alignment }, ...(read ? { read } : {}) };
  }
  // A part that cannot be read is not rescued here: the pool aligns the whole reading instead.
  if (job.kind === 'align' && !job.part) {
    // Both alignments failed: most often the learner stopped before the end of the text.
    const words = knownWords(decoder, job.referenceText);
    setBeams(decoder, 0, UNLIMITED_HMM);
    decoder.set_config('wip', DEFAULT_WIP);
    decoder.set_grammar(prefixGrammar(words));
    decoder.start();
    decoder.process_audio(prepared.samples, false, true);
    decoder.stop();
    if (decoder.get_text() !== '') {
      return {
        outcome: {
          ok: true,
          alignment: {
            ...toAlignment(
              decoder.get_alignment({ align_level: 1 }),
              'align',
              true,
              audioSeconds,
              prepared.offsetSeconds,
            ),
            stoppedEarly: true,
          },
        },
      };
    }
  }
  return { outcome: { ok: false, reason: 'decode-failed' } };
}

/**
 * The words found with their phones (a second, state-level alignment of the search's words), or
 * undefined when that alignment fails: soundswallower then throws on the empty result it gets
 * ("Alignment failed in frame …"), which would have failed the learner's whole answer.
 */
function phoneSegments(decoder: Decoder): Segment | undefined {
  try {
    return decoder.get_alignment({ align_level: 1 });
  } catch {
    return undefined;
  }
}

function knownWordsOf(decoder: Decoder, words: readonly string[]): string[] {
  return words.flatMap((word) => knownWords(decoder, word).slice(0, 1));
}
