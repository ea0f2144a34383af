/**
 * The catalogue's plain data: every fact about the item types, sections and skills as constants,
 * without zod. `catalogue.ts` builds the schemas from these lists; a client that only needs names,
 * sections or timings imports this module and loads no zod (issue 19: the signed-in home page
 * names item types and must stay under 180 kB of JavaScript). Facts come from docs/pte-rules.md
 * ("pte-rules" below); a few numbers the rules leave open are marked as our own choice where they
 * appear. Scoring (traits, maxima, skills) is versioned separately in scoring-profiles/.
 */
import type { PteVersion } from './versions';

/** The 22 scored types plus the unscored personal introduction, in the order of the test. */
export const itemTypeCodeValues = [
  'PI',
  'RA',
  'RS',
  'DI',
  'RL',
  'ASQ',
  'RTS',
  'SGD',
  'SWT',
  'WE',
  'RWFIB',
  'RMCM',
  'RO',
  'RFIB',
  'RMCS',
  'SST',
  'LMCM',
  'LFIB',
  'HCS',
  'LMCS',
  'SMW',
  'HIW',
  'WFD',
] as const;
export type ItemTypeCode = (typeof itemTypeCodeValues)[number];

/** Every code in test order. */
export const ITEM_TYPE_CODES: readonly ItemTypeCode[] = itemTypeCodeValues;

/** The three parts of the test. */
export const sectionValues = ['speaking-writing', 'reading', 'listening'] as const;
export type Section = (typeof sectionValues)[number];

/** The four communicative skills of the score report, also the branches of the 题库 tree. */
export const skillValues = ['speaking', 'writing', 'reading', 'listening'] as const;
export type Skill = (typeof skillValues)[number];

export const skillNamesZh: Record<Skill, string> = {
  speaking: '口语',
  writing: '写作',
  reading: '阅读',
  listening: '听力',
};

/** What the learner is given: text to read, audio to hear, an image to look at, or text and audio. */
export const promptKindValues = ['text', 'audio', 'image', 'text-and-audio'] as const;
export type PromptKind = (typeof promptKindValues)[number];

/** How the learner answers; each kind is one family of exercise UI. */
export const responseKindValues = [
  'speech',
  'typed-text',
  'single-choice',
  'multiple-choice',
  'reorder',
  'dropdown-blanks',
  'drag-blanks',
  'typed-blanks',
  'click-words',
] as const;
export type ResponseKind = (typeof responseKindValues)[number];

export interface CountRange {
  min: number;
  max: number;
}

/** A length range; `min` is absent where the rules give only a ceiling (SGD: "≤ 3 min"). */
export interface SecondsRange {
  min?: number;
  max: number;
}

/**
 * Preparation before the answer. RA is the one type whose preparation depends on the prompt
 * (pte-rules: "30–40 s (by length)"); the steps are our reading of that rule: the first step
 * whose `maxWords` covers the text applies.
 */
export type PreparationRule =
  | { kind: 'none' }
  | { kind: 'fixed'; seconds: number }
  | {
      kind: 'by-text-length';
      minSeconds: number;
      maxSeconds: number;
      steps: readonly { maxWords: number; seconds: number }[];
    };

export interface ItemTiming {
  /** `item`: the type has its own clock; `section`: it shares the reading or listening timer. */
  timer: 'item' | 'section';
  preparation: PreparationRule;
  /** Recording limit (speaking) or writing time limit; null for section-timed types. */
  answerSeconds: number | null;
}

export interface ChoiceRule {
  /** `single`: exactly one option is correct; `multiple`: two or more are, and at least one is not. */
  selection: 'single' | 'multiple';
  /**
   * Options per item. pte-rules does not fix these; ours: 3–6 for single answers, 4–8 for
   * multiple answers (two right and two wrong at least), never beyond H.
   */
  options: CountRange;
}

export interface ItemLimits {
  /** Longest prompt text in words (pte-rules: RA and RTS ≤ 60, reading passages ≤ 300, RFIB ≤ 80). */
  promptMaxWords?: number;
  /** Sentences in the prompt (WE: "2–3 sentence prompt"). */
  promptSentences?: CountRange;
  /** Word range of a full-marks answer; outside it the form trait drops. */
  answerWords?: CountRange;
  /** The answer must be a single sentence (SWT). */
  answerOneSentence?: boolean;
  /** Paragraphs to order (RO: 4–5). */
  paragraphs?: CountRange;
  /** Options in each drop-down (RWFIB: 4). */
  optionsPerBlank?: number;
  choice?: ChoiceRule;
}

/** When the beep sounds: before the microphone opens (RS) or in place of the last words (SMW). */
export type BeepKind = 'before-recording' | 'replaces-ending';

export interface AudioRule {
  /** The prompt audio plays once and cannot be replayed (pte-rules §Part 3 and §A full mock exam). */
  playsOnce: true;
  /**
   * Countdown before the audio starts by itself. pte-rules gives no figures; these are the ones
   * test walkthroughs report (RS 3 s, LMCS 5 s, WFD 7 s, HIW 10 s, SST 12 s …). For RTS and SGD,
   * new in 2025 and not yet described, we use the 3 s of the other speaking prompts.
   */
  autoStartDelaySeconds: number;
  /** Typical length of the recording; null where the rules give none (RTS reads its own text). */
  lengthSeconds: SecondsRange | null;
  beep?: BeepKind;
  /** Number of voices, where the format fixes it (SGD: three speakers). */
  speakers?: number;
  /** The prompt may come with an image (RL, ASQ). */
  mayShowImage?: boolean;
}

export interface ItemTypeInfo {
  code: ItemTypeCode;
  /** Name as Chinese learners know it, e.g. 朗读. */
  nameZh: string;
  /** Pearson's English name, with the section where two types share one. */
  nameEn: string;
  section: Section;
  part: 1 | 2 | 3;
  /** Branch of the 题库 tree: SWT and WE sit under writing, SST and WFD under listening. */
  skillArea: Skill;
  promptKind: PromptKind;
  responseKind: ResponseKind;
  isScored: boolean;
  /** Added by the August 2025 update (RTS, SGD). */
  isNew2025: boolean;
  /** Scored by matching an answer key (partial-credit rules) rather than by traits. */
  isObjective: boolean;
  timing: ItemTiming;
  limits: ItemLimits;
  /** Rules of the prompt recording; null for types without one. */
  audio: AudioRule | null;
  /** Items of this type in one real test, per format version (pte-rules §Sizes of a real test). */
  countPerTest: Record<PteVersion, CountRange>;
}

/** Recording rules common to every speaking item (pte-rules §Part 1, "Speaking flow on screen"). */
export const SPEAKING_RECORDING_RULES = {
  /** One recording only. */
  attempts: 1,
  /** The microphone closes after this many seconds of silence. */
  silenceCutoffSeconds: 3,
  /** A tone opens the microphone; speech before it is not captured. */
  toneBeforeRecording: true,
} as const;

export interface SectionInfo {
  section: Section;
  part: 1 | 2 | 3;
  nameZh: string;
  nameEn: string;
  /** `item`: each item has its own clock; `section`: one timer for the whole part. */
  timer: 'item' | 'section';
  /** How time works in this part, for the mock-exam and practice screens. */
  timingNoteZh: string;
}

export const sections: Record<Section, SectionInfo> = {
  'speaking-writing': {
    section: 'speaking-writing',
    part: 1,
    nameZh: '口语和写作',
    nameEn: 'Speaking & Writing',
    timer: 'item',
    timingNoteZh:
      '每道题单独计时：口语题先倒计时准备，提示音后开始录音，只能录一次，静音 3 秒自动结束；SWT 限时 10 分钟，WE 限时 20 分钟。',
  },
  reading: {
    section: 'reading',
    part: 2,
    nameZh: '阅读',
    nameEn: 'Reading',
    timer: 'section',
    timingNoteZh: '整个阅读部分共用一个计时器，单题不限时；不能返回上一题。',
  },
  listening: {
    section: 'listening',
    part: 3,
    nameZh: '听力',
    nameEn: 'Listening',
    timer: 'section',
    timingNoteZh:
      '听力部分共用一个计时器，SST 每题单独计时 10 分钟；音频自动播放且只播放一次；不能返回上一题。',
  },
};

/** A full mock exam (pte-rules §A full mock exam). */
export const MOCK_EXAM_FORMAT = {
  sectionOrder: ['speaking-writing', 'reading', 'listening'] as const satisfies readonly Section[],
  /** "About 2 h 15 min [2025]". */
  approximateMinutes: 135,
  /** "Roughly 65–75 items". */
  approximateItems: { min: 65, max: 75 },
  canGoBack: false,
  confirmsNext: true,
} as const;

const same = (min: number, max: number): Record<PteVersion, CountRange> => ({
  'pte-2024': { min, max },
  'pte-2025-08': { min, max },
});
const changed = (before: CountRange, after: CountRange): Record<PteVersion, CountRange> => ({
  'pte-2024': before,
  'pte-2025-08': after,
});
const none: PreparationRule = { kind: 'none' };
const prep = (seconds: number): PreparationRule => ({ kind: 'fixed', seconds });
const sectionTimed: ItemTiming = { timer: 'section', preparation: none, answerSeconds: null };
const singleChoice: ChoiceRule = { selection: 'single', options: { min: 3, max: 6 } };
const multipleChoice: ChoiceRule = { selection: 'multiple', options: { min: 4, max: 8 } };

export const itemTypes: Record<ItemTypeCode, ItemTypeInfo> = {
  PI: {
    code: 'PI',
    nameZh: '自我介绍',
    nameEn: 'Personal Introduction',
    section: 'speaking-writing',
    part: 1,
    skillArea: 'speaking',
    promptKind: 'text',
    responseKind: 'speech',
    isScored: false,
    isNew2025: false,
    isObjective: false,
    timing: { timer: 'item', preparation: prep(25), answerSeconds: 30 },
    limits: {},
    audio: null,
    countPerTest: same(1, 1),
  },
  RA: {
    code: 'RA',
    nameZh: '朗读',
    nameEn: 'Read Aloud',
    section: 'speaking-writing',
    part: 1,
    skillArea: 'speaking',
    promptKind: 'text',
    responseKind: 'speech',
    isScored: true,
    isNew2025: false,
    isObjective: false,
    timing: {
      timer: 'item',
      preparation: {
        kind: 'by-text-length',
        minSeconds: 30,
        maxSeconds: 40,
        steps: [
          { maxWords: 40, seconds: 30 },
          { maxWords: 50, seconds: 35 },
          { maxWords: 60, seconds: 40 },
        ],
      },
      answerSeconds: 40,
    },
    limits: { promptMaxWords: 60 },
    audio: null,
    countPerTest: same(6, 7),
  },
  RS: {
    code: 'RS',
    nameZh: '复述句子',
    nameEn: 'Repeat Sentence',
    section: 'speaking-writing',
    part: 1,
    skillArea: 'speaking',
    promptKind: 'audio',
    responseKind: 'speech',
    isScored: true,
    isNew2025: false,
    isObjective: false,
    timing: { timer: 'item', preparation: none, answerSeconds: 15 },
    limits: {},
    audio: {
      playsOnce: true,
      autoStartDelaySeconds: 3,
      lengthSeconds: { min: 3, max: 9 },
      beep: 'before-recording',
    },
    countPerTest: same(10, 12),
  },
  DI: {
    code: 'DI',
    nameZh: '描述图片',
    nameEn: 'Describe Image',
    section: 'speaking-writing',
    part: 1,
    skillArea: 'speaking',
    promptKind: 'image',
    responseKind: 'speech',
    isScored: true,
    isNew2025: false,
    isObjective: false,
    timing: { timer: 'item', preparation: prep(25), answerSeconds: 40 },
    limits: {},
    audio: null,
    countPerTest: changed({ min: 3, max: 4 }, { min: 3, max: 6 }),
  },
  RL: {
    code: 'RL',
    nameZh: '复述讲座',
    nameEn: 'Re-tell Lecture',
    section: 'speaking-writing',
    part: 1,
    skillArea: 'speaking',
    promptKind: 'audio',
    responseKind: 'speech',
    isScored: true,
    isNew2025: false,
    isObjective: false,
    timing: { timer: 'item', preparation: prep(10), answerSeconds: 40 },
    limits: {},
    audio: {
      playsOnce: true,
      autoStartDelaySeconds: 3,
      lengthSeconds: { min: 60, max: 90 },
      mayShowImage: true,
    },
    countPerTest: changed({ min: 1, max: 2 }, { min: 2, max: 3 }),
  },
  ASQ: {
    code: 'ASQ',
    nameZh: '简短回答',
    nameEn: 'Answer Short Question',
    section: 'speaking-writing',
    part: 1,
    skillArea: 'speaking',
    promptKind: 'audio',
    responseKind: 'speech',
    isScored: true,
    isNew2025: false,
    isObjective: false,
    timing: { timer: 'item', preparation: none, answerSeconds: 10 },
    limits: {},
    audio: {
      playsOnce: true,
      autoStartDelaySeconds: 3,
      lengthSeconds: { min: 3, max: 9 },
      mayShowImage: true,
    },
    countPerTest: same(5, 6),
  },
  RTS: {
    code: 'RTS',
    nameZh: '情景回应',
    nameEn: 'Respond to a Situation',
    section: 'speaking-writing',
    part: 1,
    skillArea: 'speaking',
    promptKind: 'text-and-audio',
    responseKind: 'speech',
    isScored: true,
    isNew2025: true,
    isObjective: false,
    timing: { timer: 'item', preparation: prep(10), answerSeconds: 40 },
    limits: { promptMaxWords: 60 },
    audio: { playsOnce: true, autoStartDelaySeconds: 3, lengthSeconds: null },
    countPerTest: changed({ min: 0, max: 0 }, { min: 2, max: 3 }),
  },
  SGD: {
    code: 'SGD',
    nameZh: '小组讨论总结',
    nameEn: 'Summarize Group Discussion',
    section: 'speaking-writing',
    part: 1,
    skillArea: 'speaking',
    promptKind: 'audio',
    responseKind: 'speech',
    isScored: true,
    isNew2025: true,
    isObjective: false,
    timing: { timer: 'item', preparation: prep(10), answerSeconds: 120 },
    limits: {},
    audio: { playsOnce: true, autoStartDelaySeconds: 3, lengthSeconds: { max: 180 }, speakers: 3 },
    countPerTest: changed({ min: 0, max: 0 }, { min: 2, max: 3 }),
  },
  SWT: {
    code: 'SWT',
    nameZh: '文本总结',
    nameEn: 'Summarize Written Text',
    section: 'speaking-writing',
    part: 1,
    skillArea: 'writing',
    promptKind: 'text',
    responseKind: 'typed-text',
    isScored: true,
    isNew2025: false,
    isObjective: false,
    timing: { timer: 'item', preparation: none, answerSeconds: 600 },
    limits: { promptMaxWords: 300, answerWords: { min: 5, max: 75 }, answerOneSentence: true },
    audio: null,
    countPerTest: changed({ min: 1, max: 2 }, { min: 2, max: 2 }),
  },
  WE: {
    code: 'WE',
    nameZh: '作文',
    nameEn: 'Write Essay',
    section: 'speaking-writing',
    part: 1,
    skillArea: 'writing',
    promptKind: 'text',
    responseKind: 'typed-text',
    isScored: true,
    isNew2025: false,
    isObjective: false,
    timing: { timer: 'item', preparation: none, answerSeconds: 1200 },
    limits: { promptSentences: { min: 2, max: 3 }, answerWords: { min: 200, max: 300 } },
    audio: null,
    countPerTest: changed({ min: 1, max: 2 }, { min: 1, max: 1 }),
  },
  RWFIB: {
    code: 'RWFIB',
    nameZh: '阅读写作填空',
    nameEn: 'Reading & Writing: Fill in the Blanks',
    section: 'reading',
    part: 2,
    skillArea: 'reading',
    promptKind: 'text',
    responseKind: 'dropdown-blanks',
    isScored: true,
    isNew2025: false,
    isObjective: true,
    timing: sectionTimed,
    limits: { promptMaxWords: 300, optionsPerBlank: 4 },
    audio: null,
    countPerTest: same(5, 6),
  },
  RMCM: {
    code: 'RMCM',
    nameZh: '阅读多选',
    nameEn: 'Reading: Multiple Choice, Multiple Answers',
    section: 'reading',
    part: 2,
    skillArea: 'reading',
    promptKind: 'text',
    responseKind: 'multiple-choice',
    isScored: true,
    isNew2025: false,
    isObjective: true,
    timing: sectionTimed,
    limits: { promptMaxWords: 300, choice: multipleChoice },
    audio: null,
    countPerTest: same(1, 2),
  },
  RO: {
    code: 'RO',
    nameZh: '段落排序',
    nameEn: 'Re-order Paragraphs',
    section: 'reading',
    part: 2,
    skillArea: 'reading',
    promptKind: 'text',
    responseKind: 'reorder',
    isScored: true,
    isNew2025: false,
    isObjective: true,
    timing: sectionTimed,
    limits: { paragraphs: { min: 4, max: 5 } },
    audio: null,
    countPerTest: same(2, 3),
  },
  RFIB: {
    code: 'RFIB',
    nameZh: '阅读填空',
    nameEn: 'Reading: Fill in the Blanks',
    section: 'reading',
    part: 2,
    skillArea: 'reading',
    promptKind: 'text',
    responseKind: 'drag-blanks',
    isScored: true,
    isNew2025: false,
    isObjective: true,
    timing: sectionTimed,
    limits: { promptMaxWords: 80 },
    audio: null,
    countPerTest: same(4, 5),
  },
  RMCS: {
    code: 'RMCS',
    nameZh: '阅读单选',
    nameEn: 'Reading: Multiple Choice, Single Answer',
    section: 'reading',
    part: 2,
    skillArea: 'reading',
    promptKind: 'text',
    responseKind: 'single-choice',
    isScored: true,
    isNew2025: false,
    isObjective: true,
    timing: sectionTimed,
    limits: { promptMaxWords: 300, choice: singleChoice },
    audio: null,
    countPerTest: same(1, 2),
  },
  SST: {
    code: 'SST',
    nameZh: '听力总结',
    nameEn: 'Summarize Spoken Text',
    section: 'listening',
    part: 3,
    skillArea: 'listening',
    promptKind: 'audio',
    responseKind: 'typed-text',
    isScored: true,
    isNew2025: false,
    isObjective: false,
    // SST keeps its own 10-minute clock inside the listening section (pte-rules §A full mock exam).
    timing: { timer: 'item', preparation: none, answerSeconds: 600 },
    limits: { answerWords: { min: 50, max: 70 } },
    audio: { playsOnce: true, autoStartDelaySeconds: 12, lengthSeconds: { min: 60, max: 90 } },
    countPerTest: changed({ min: 1, max: 2 }, { min: 1, max: 1 }),
  },
  LMCM: {
    code: 'LMCM',
    nameZh: '听力多选',
    nameEn: 'Listening: Multiple Choice, Multiple Answers',
    section: 'listening',
    part: 3,
    skillArea: 'listening',
    promptKind: 'audio',
    responseKind: 'multiple-choice',
    isScored: true,
    isNew2025: false,
    isObjective: true,
    timing: sectionTimed,
    limits: { choice: multipleChoice },
    audio: { playsOnce: true, autoStartDelaySeconds: 7, lengthSeconds: { min: 40, max: 90 } },
    countPerTest: same(1, 2),
  },
  LFIB: {
    code: 'LFIB',
    nameZh: '听力填空',
    nameEn: 'Listening: Fill in the Blanks',
    section: 'listening',
    part: 3,
    skillArea: 'listening',
    promptKind: 'text-and-audio',
    responseKind: 'typed-blanks',
    isScored: true,
    isNew2025: false,
    isObjective: true,
    timing: sectionTimed,
    limits: {},
    audio: { playsOnce: true, autoStartDelaySeconds: 7, lengthSeconds: { min: 30, max: 60 } },
    countPerTest: same(2, 3),
  },
  HCS: {
    code: 'HCS',
    nameZh: '选择正确摘要',
    nameEn: 'Highlight Correct Summary',
    section: 'listening',
    part: 3,
    skillArea: 'listening',
    promptKind: 'audio',
    responseKind: 'single-choice',
    isScored: true,
    isNew2025: false,
    isObjective: true,
    timing: sectionTimed,
    limits: { choice: singleChoice },
    audio: { playsOnce: true, autoStartDelaySeconds: 10, lengthSeconds: { min: 30, max: 90 } },
    countPerTest: changed({ min: 1, max: 2 }, { min: 2, max: 3 }),
  },
  LMCS: {
    code: 'LMCS',
    nameZh: '听力单选',
    nameEn: 'Listening: Multiple Choice, Single Answer',
    section: 'listening',
    part: 3,
    skillArea: 'listening',
    promptKind: 'audio',
    responseKind: 'single-choice',
    isScored: true,
    isNew2025: false,
    isObjective: true,
    timing: sectionTimed,
    limits: { choice: singleChoice },
    audio: { playsOnce: true, autoStartDelaySeconds: 5, lengthSeconds: { min: 30, max: 60 } },
    countPerTest: same(1, 2),
  },
  SMW: {
    code: 'SMW',
    nameZh: '选择缺失单词',
    nameEn: 'Select Missing Word',
    section: 'listening',
    part: 3,
    skillArea: 'listening',
    promptKind: 'audio',
    responseKind: 'single-choice',
    isScored: true,
    isNew2025: false,
    isObjective: true,
    timing: sectionTimed,
    limits: { choice: singleChoice },
    audio: {
      playsOnce: true,
      autoStartDelaySeconds: 7,
      lengthSeconds: { min: 20, max: 70 },
      beep: 'replaces-ending',
    },
    countPerTest: changed({ min: 1, max: 2 }, { min: 2, max: 3 }),
  },
  HIW: {
    code: 'HIW',
    nameZh: '找出错误单词',
    nameEn: 'Highlight Incorrect Words',
    section: 'listening',
    part: 3,
    skillArea: 'listening',
    promptKind: 'text-and-audio',
    responseKind: 'click-words',
    isScored: true,
    isNew2025: false,
    isObjective: true,
    timing: sectionTimed,
    limits: {},
    audio: { playsOnce: true, autoStartDelaySeconds: 10, lengthSeconds: { min: 15, max: 50 } },
    countPerTest: same(2, 3),
  },
  WFD: {
    code: 'WFD',
    nameZh: '听写句子',
    nameEn: 'Write from Dictation',
    section: 'listening',
    part: 3,
    skillArea: 'listening',
    promptKind: 'audio',
    responseKind: 'typed-text',
    isScored: true,
    isNew2025: false,
    isObjective: true,
    timing: sectionTimed,
    limits: {},
    audio: { playsOnce: true, autoStartDelaySeconds: 7, lengthSeconds: { min: 3, max: 5 } },
    countPerTest: same(3, 4),
  },
};

/** The item types of one branch of the 题库 tree, in test order. */
export function itemTypesInSkillArea(area: Skill): ItemTypeCode[] {
  return ITEM_TYPE_CODES.filter((code) => itemTypes[code].skillArea === area);
}

/**
 * Preparation seconds for one item. `promptWords` is needed only for RA, whose preparation grows
 * with the text (30 s up to 40 words, 35 s up to 50, 40 s up to 60).
 */
export function preparationSeconds(type: ItemTypeCode, promptWords?: number): number {
  const rule = itemTypes[type].timing.preparation;
  switch (rule.kind) {
    case 'none':
      return 0;
    case 'fixed':
      return rule.seconds;
    case 'by-text-length': {
      if (promptWords === undefined) {
        throw new Error(`preparationSeconds: ${type} needs the prompt's word count`);
      }
      const step = rule.steps.find(({ maxWords }) => promptWords <= maxWords);
      return step?.seconds ?? rule.maxSeconds;
    }
  }
}
