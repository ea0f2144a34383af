import { describe, expect, it } from 'vitest';
import {
  ITEM_TYPE_CODES,
  ItemTypeCodeSchema,
  SPEAKING_RECORDING_RULES,
  itemTypes,
  itemTypesInSkillArea,
  preparationSeconds,
  sections,
  type ItemTypeCode,
} from './catalogue';

const ISSUE_ORDER = [
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
];

describe('item type codes (issue: 22 scored types plus PI)', () => {
  it('lists every code exactly once: PI first, then the 22 scored types in test order', () => {
    expect(ITEM_TYPE_CODES).toEqual(['PI', ...ISSUE_ORDER]);
    expect(new Set(ITEM_TYPE_CODES).size).toBe(23);
  });

  it('has exactly one catalogue entry per code, keyed by its own code', () => {
    expect(Object.keys(itemTypes).sort()).toEqual([...ITEM_TYPE_CODES].sort());
    for (const code of ITEM_TYPE_CODES) expect(itemTypes[code].code).toBe(code);
  });

  it('rejects a code that is not in the catalogue', () => {
    expect(ItemTypeCodeSchema.safeParse('XYZ').success).toBe(false);
  });

  it('scores every type except PI (pte-rules §Part 1: PI unscored)', () => {
    const unscored = ITEM_TYPE_CODES.filter((code) => !itemTypes[code].isScored);
    expect(unscored).toEqual(['PI']);
  });

  it('marks only RTS and SGD as new in 2025 (pte-rules §Part 1 [2025])', () => {
    expect(ITEM_TYPE_CODES.filter((code) => itemTypes[code].isNew2025)).toEqual(['RTS', 'SGD']);
  });
});

describe('names (pte-rules tables, 中文 column)', () => {
  it.each<[ItemTypeCode, string, string]>([
    ['PI', '自我介绍', 'Personal Introduction'],
    ['RA', '朗读', 'Read Aloud'],
    ['RS', '复述句子', 'Repeat Sentence'],
    ['DI', '描述图片', 'Describe Image'],
    ['RL', '复述讲座', 'Re-tell Lecture'],
    ['ASQ', '简短回答', 'Answer Short Question'],
    ['RTS', '情景回应', 'Respond to a Situation'],
    ['SGD', '小组讨论总结', 'Summarize Group Discussion'],
    ['SWT', '文本总结', 'Summarize Written Text'],
    ['WE', '作文', 'Write Essay'],
    ['RWFIB', '阅读写作填空', 'Reading & Writing: Fill in the Blanks'],
    ['RMCM', '阅读多选', 'Reading: Multiple Choice, Multiple Answers'],
    ['RO', '段落排序', 'Re-order Paragraphs'],
    ['RFIB', '阅读填空', 'Reading: Fill in the Blanks'],
    ['RMCS', '阅读单选', 'Reading: Multiple Choice, Single Answer'],
    ['SST', '听力总结', 'Summarize Spoken Text'],
    ['LMCM', '听力多选', 'Listening: Multiple Choice, Multiple Answers'],
    ['LFIB', '听力填空', 'Listening: Fill in the Blanks'],
    ['HCS', '选择正确摘要', 'Highlight Correct Summary'],
    ['LMCS', '听力单选', 'Listening: Multiple Choice, Single Answer'],
    ['SMW', '选择缺失单词', 'Select Missing Word'],
    ['HIW', '找出错误单词', 'Highlight Incorrect Words'],
    ['WFD', '听写句子', 'Write from Dictation'],
  ])('%s is %s / %s', (code, nameZh, nameEn) => {
    expect(itemTypes[code]).toMatchObject({ nameZh, nameEn });
  });
});

describe('sections, parts and 题库 branches', () => {
  const bySection = (section: string) =>
    ITEM_TYPE_CODES.filter((code) => itemTypes[code].section === section);

  it('puts PI, the speaking types, SWT and WE in Part 1 (pte-rules §Part 1)', () => {
    expect(bySection('speaking-writing')).toEqual([
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
    ]);
  });

  it('puts RWFIB, RMCM, RO, RFIB, RMCS in Part 2 (pte-rules §Part 2)', () => {
    expect(bySection('reading')).toEqual(['RWFIB', 'RMCM', 'RO', 'RFIB', 'RMCS']);
  });

  it('puts SST to WFD in Part 3 (pte-rules §Part 3)', () => {
    expect(bySection('listening')).toEqual([
      'SST',
      'LMCM',
      'LFIB',
      'HCS',
      'LMCS',
      'SMW',
      'HIW',
      'WFD',
    ]);
  });

  it('numbers each type with the part of its section', () => {
    for (const code of ITEM_TYPE_CODES) {
      expect(itemTypes[code].part).toBe(sections[itemTypes[code].section].part);
    }
  });

  it.each([
    ['speaking', ['PI', 'RA', 'RS', 'DI', 'RL', 'ASQ', 'RTS', 'SGD']],
    ['writing', ['SWT', 'WE']],
    ['reading', ['RWFIB', 'RMCM', 'RO', 'RFIB', 'RMCS']],
    ['listening', ['SST', 'LMCM', 'LFIB', 'HCS', 'LMCS', 'SMW', 'HIW', 'WFD']],
  ] as const)(
    'the 题库 %s branch holds %j (issue: SWT/WE writing, SST/WFD listening)',
    (area, codes) => {
      expect(itemTypesInSkillArea(area)).toEqual(codes);
    },
  );

  it('times reading and listening as sections, Part 1 per item (pte-rules §A full mock exam)', () => {
    expect(sections['speaking-writing'].timer).toBe('item');
    expect(sections.reading.timer).toBe('section');
    expect(sections.listening.timer).toBe('section');
  });
});

describe('timings', () => {
  it.each<[ItemTypeCode, number, number | null, string]>([
    ['PI', 25, 30, '§Part 1'],
    ['RS', 0, 15, '§Part 1'],
    ['DI', 25, 40, '§Part 1'],
    ['RL', 10, 40, '§Part 1'],
    ['ASQ', 0, 10, '§Part 1'],
    ['RTS', 10, 40, '§Part 1'],
    ['SGD', 10, 120, '§Part 1'],
    ['SWT', 0, 600, '§Part 1'],
    ['WE', 0, 1200, '§Part 1'],
    ['SST', 0, 600, '§Part 3'],
  ])('%s prepares %i s and answers within %s s (pte-rules %s)', (code, prep, answer) => {
    expect(preparationSeconds(code)).toBe(prep);
    expect(itemTypes[code].timing.answerSeconds).toBe(answer);
    expect(itemTypes[code].timing.timer).toBe('item');
  });

  it('RA answers within 40 s (pte-rules §Part 1)', () => {
    expect(itemTypes.RA.timing.answerSeconds).toBe(40);
  });

  it.each([
    [20, 30],
    [40, 30],
    [41, 35],
    [50, 35],
    [51, 40],
    [60, 40],
  ])('RA with %i words prepares %i s (pte-rules §Part 1: 30–40 s by length)', (words, seconds) => {
    expect(preparationSeconds('RA', words)).toBe(seconds);
  });

  it('RA preparation stays within 30–40 s (pte-rules §Part 1)', () => {
    expect(itemTypes.RA.timing.preparation).toMatchObject({ minSeconds: 30, maxSeconds: 40 });
  });

  it('RA preparation needs the word count', () => {
    expect(() => preparationSeconds('RA')).toThrow(/word count/);
  });

  it.each([
    'RWFIB',
    'RMCM',
    'RO',
    'RFIB',
    'RMCS',
    'LMCM',
    'LFIB',
    'HCS',
    'LMCS',
    'SMW',
    'HIW',
    'WFD',
  ] as const)(
    '%s has no clock of its own: the section timer runs (pte-rules §Part 2, §Part 3)',
    (code) => {
      expect(itemTypes[code].timing).toEqual({
        timer: 'section',
        preparation: { kind: 'none' },
        answerSeconds: null,
      });
    },
  );

  it('records once, closes the microphone after 3 s of silence, opens on a tone (pte-rules §Part 1)', () => {
    expect(SPEAKING_RECORDING_RULES).toEqual({
      attempts: 1,
      silenceCutoffSeconds: 3,
      toneBeforeRecording: true,
    });
  });
});

describe('word limits', () => {
  it.each<[ItemTypeCode, number, string]>([
    ['RA', 60, '§Part 1'],
    ['RTS', 60, '§Part 1'],
    ['SWT', 300, '§Part 1'],
    ['RWFIB', 300, '§Part 2'],
    ['RMCM', 300, '§Part 2'],
    ['RFIB', 80, '§Part 2'],
    ['RMCS', 300, '§Part 2'],
  ])('%s prompt has at most %i words (pte-rules %s)', (code, max) => {
    expect(itemTypes[code].limits.promptMaxWords).toBe(max);
  });

  it.each<[ItemTypeCode, number, number, string]>([
    ['SWT', 5, 75, '§Part 1'],
    ['WE', 200, 300, '§Part 1'],
    ['SST', 50, 70, '§Part 3'],
  ])('%s answer has %i–%i words (pte-rules %s)', (code, min, max) => {
    expect(itemTypes[code].limits.answerWords).toEqual({ min, max });
  });

  it('SWT answer is one sentence (pte-rules §Part 1)', () => {
    expect(itemTypes.SWT.limits.answerOneSentence).toBe(true);
  });

  it('WE prompt has 2–3 sentences (pte-rules §Part 1)', () => {
    expect(itemTypes.WE.limits.promptSentences).toEqual({ min: 2, max: 3 });
  });

  it('RO orders 4–5 paragraphs (pte-rules §Part 2)', () => {
    expect(itemTypes.RO.limits.paragraphs).toEqual({ min: 4, max: 5 });
  });

  it('RWFIB gives four options per drop-down (issue)', () => {
    expect(itemTypes.RWFIB.limits.optionsPerBlank).toBe(4);
  });

  it.each<[ItemTypeCode, 'single' | 'multiple']>([
    ['RMCM', 'multiple'],
    ['RMCS', 'single'],
    ['LMCM', 'multiple'],
    ['HCS', 'single'],
    ['LMCS', 'single'],
    ['SMW', 'single'],
  ])(
    '%s takes %s answers (pte-rules §Part 2, §Part 3: "1 or 0" vs "+1/−1 per option")',
    (code, selection) => {
      expect(itemTypes[code].limits.choice?.selection).toBe(selection);
    },
  );
});

describe('audio', () => {
  it.each<[ItemTypeCode, number | undefined, number, string]>([
    ['RS', 3, 9, '§Part 1'],
    ['RL', 60, 90, '§Part 1'],
    ['ASQ', 3, 9, '§Part 1'],
    ['SGD', undefined, 180, '§Part 1'],
    ['SST', 60, 90, '§Part 3'],
    ['LMCM', 40, 90, '§Part 3'],
    ['LFIB', 30, 60, '§Part 3'],
    ['HCS', 30, 90, '§Part 3'],
    ['LMCS', 30, 60, '§Part 3'],
    ['SMW', 20, 70, '§Part 3'],
    ['HIW', 15, 50, '§Part 3'],
    ['WFD', 3, 5, '§Part 3'],
  ])('%s audio lasts %s–%i s (pte-rules %s)', (code, min, max) => {
    expect(itemTypes[code].audio?.lengthSeconds).toEqual(
      min === undefined ? { max } : { min, max },
    );
  });

  it('every prompt recording plays once (pte-rules §Part 3, §A full mock exam)', () => {
    for (const code of ITEM_TYPE_CODES) {
      const audio = itemTypes[code].audio;
      if (audio) expect(audio.playsOnce).toBe(true);
    }
  });

  it('every listening type starts its audio by itself after a countdown (pte-rules §Part 3)', () => {
    for (const code of itemTypesInSkillArea('listening')) {
      expect(itemTypes[code].audio?.autoStartDelaySeconds).toBeGreaterThan(0);
    }
  });

  it('RS beeps before recording; SMW replaces the ending with a beep (pte-rules §Part 1, §Part 3)', () => {
    expect(itemTypes.RS.audio?.beep).toBe('before-recording');
    expect(itemTypes.SMW.audio?.beep).toBe('replaces-ending');
    const beeping = ITEM_TYPE_CODES.filter((code) => itemTypes[code].audio?.beep);
    expect(beeping).toEqual(['RS', 'SMW']);
  });

  it('SGD has three speakers (pte-rules §Part 1)', () => {
    expect(itemTypes.SGD.audio?.speakers).toBe(3);
  });

  it('RL and ASQ may show an image (pte-rules §Part 1)', () => {
    expect(itemTypes.RL.audio?.mayShowImage).toBe(true);
    expect(itemTypes.ASQ.audio?.mayShowImage).toBe(true);
  });

  it('RTS is read aloud as well as shown (pte-rules §Part 1)', () => {
    expect(itemTypes.RTS.promptKind).toBe('text-and-audio');
    expect(itemTypes.RTS.audio).not.toBeNull();
  });

  it.each(['PI', 'RA', 'DI', 'SWT', 'WE', 'RWFIB', 'RMCM', 'RO', 'RFIB', 'RMCS'] as const)(
    '%s has no prompt recording',
    (code) => {
      expect(itemTypes[code].audio).toBeNull();
    },
  );
});

describe('items per test (pte-rules §Sizes of a real test)', () => {
  it.each<[ItemTypeCode, [number, number], [number, number]]>([
    ['RA', [6, 7], [6, 7]],
    ['RS', [10, 12], [10, 12]],
    ['DI', [3, 4], [3, 6]],
    ['RL', [1, 2], [2, 3]],
    ['ASQ', [5, 6], [5, 6]],
    ['RTS', [0, 0], [2, 3]],
    ['SGD', [0, 0], [2, 3]],
    ['SWT', [1, 2], [2, 2]],
    ['WE', [1, 2], [1, 1]],
    ['RWFIB', [5, 6], [5, 6]],
    ['RMCM', [1, 2], [1, 2]],
    ['RO', [2, 3], [2, 3]],
    ['RFIB', [4, 5], [4, 5]],
    ['RMCS', [1, 2], [1, 2]],
    ['SST', [1, 2], [1, 1]],
    ['LMCM', [1, 2], [1, 2]],
    ['LFIB', [2, 3], [2, 3]],
    ['HCS', [1, 2], [2, 3]],
    ['LMCS', [1, 2], [1, 2]],
    ['SMW', [1, 2], [2, 3]],
    ['HIW', [2, 3], [2, 3]],
    ['WFD', [3, 4], [3, 4]],
  ])('%s: %j before, %j from 2025-08', (code, before, after) => {
    expect(itemTypes[code].countPerTest['pte-2024']).toEqual({ min: before[0], max: before[1] });
    expect(itemTypes[code].countPerTest['pte-2025-08']).toEqual({ min: after[0], max: after[1] });
  });
});

describe('objective types (pte-rules §Part 2, §Part 3 partial-credit rules)', () => {
  it('are the reading types and every listening type but SST', () => {
    expect(ITEM_TYPE_CODES.filter((code) => itemTypes[code].isObjective)).toEqual([
      'RWFIB',
      'RMCM',
      'RO',
      'RFIB',
      'RMCS',
      'LMCM',
      'LFIB',
      'HCS',
      'LMCS',
      'SMW',
      'HIW',
      'WFD',
    ]);
  });
});
