import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ITEM_TYPE_CODES, type ItemTypeCode } from './catalogue';
import { answerKeySchemas, contentSchemas } from './content-schemas';
import { buildExampleItem } from '../testing/example-items';
import {
  ItemBaseSchema,
  ItemSchema,
  formatItemProblems,
  formatPath,
  itemSchemas,
  parseItem,
  type ItemOf,
} from './item-schema';

/** An example item of `type`, changed by `change`: one broken item per test row. */
function broken<C extends ItemTypeCode>(type: C, change: (item: ItemOf<C>) => void): unknown {
  const item = buildExampleItem(type);
  change(item);
  return item;
}

const words = (count: number) => Array.from({ length: count }, () => 'word').join(' ') + '.';

function problemsOf(data: unknown) {
  const result = parseItem(data);
  if (result.ok) throw new Error('expected the item to be rejected');
  return result.problems;
}

describe('every type has content, key and item schemas', () => {
  it.each([
    ['contentSchemas', contentSchemas],
    ['answerKeySchemas', answerKeySchemas],
    ['itemSchemas', itemSchemas],
  ] as const)('%s has one entry per code', (_, schemas) => {
    expect(Object.keys(schemas).sort()).toEqual([...ITEM_TYPE_CODES].sort());
  });
});

describe('valid examples', () => {
  it.each(ITEM_TYPE_CODES)('the %s example parses', (type) => {
    const result = parseItem(buildExampleItem(type));
    if (!result.ok) throw new Error(formatItemProblems(result.problems));
    expect(result.item.type).toBe(type);
  });

  it.each(ITEM_TYPE_CODES)('the %s example parses with its own type schema', (type) => {
    expect(itemSchemas[type].safeParse(buildExampleItem(type)).success).toBe(true);
  });

  it('narrows a parsed item by type', () => {
    const result = parseItem(buildExampleItem('RO'));
    if (!result.ok || result.item.type !== 'RO') throw new Error('expected an RO item');
    expect(result.item.key.order).toEqual(['C', 'A', 'D', 'B']);
  });

  it('the base fields parse on their own', () => {
    const { content: _content, key: _key, ...base } = buildExampleItem('WFD');
    expect(ItemBaseSchema.parse(base)).toEqual(base);
  });

  it('the item schema converts to JSON Schema for the API docs', () => {
    expect(() => z.toJSONSchema(ItemSchema, { io: 'input' })).not.toThrow();
  });
});

describe('broken examples fail at the right path', () => {
  it.each<[string, unknown, string, RegExp]>([
    // Blanks
    [
      'RWFIB blank missing from the key',
      broken('RWFIB', (item) => void item.key.answers.pop()),
      'key.answers',
      /\{\{4\}\} in content\.passage has no entry/,
    ],
    [
      'RWFIB key names a blank the passage lacks',
      broken('RWFIB', (item) => item.key.answers.push({ blank: 9, answer: 'played' })),
      'key.answers[4].blank',
      /has no \{\{9\}\}/,
    ],
    [
      'RWFIB answer that is not one of the blank’s options',
      broken('RWFIB', (item) => {
        item.key.answers[0]!.answer = 'performed';
      }),
      'key.answers[0].answer',
      /not one of the options of \{\{1\}\}/,
    ],
    [
      'RWFIB blank with three options',
      broken('RWFIB', (item) => void item.content.blanks[0]!.options.pop()),
      'content.blanks[0].options',
      /each blank takes 4/,
    ],
    [
      'RWFIB markers out of order',
      broken('RWFIB', (item) => {
        item.content.passage = item.content.passage.replace('{{2}}', '{{5}}');
      }),
      'content.passage',
      /numbered \{\{1\}\}, \{\{2\}\}/,
    ],
    [
      'RFIB blank missing from the key',
      broken('RFIB', (item) => void item.key.answers.splice(1, 1)),
      'key.answers',
      /\{\{2\}\} in content\.passage has no entry/,
    ],
    [
      'RFIB answer not in the word bank',
      broken('RFIB', (item) => {
        item.key.answers[1]!.answer = 'rich';
      }),
      'key.answers[1].answer',
      /not in content\.wordBank/,
    ],
    [
      'RFIB word bank no larger than the blanks',
      broken('RFIB', (item) => {
        item.content.wordBank = ['despite', 'fertile', 'attract'];
      }),
      'content.wordBank',
      /more words than blanks/,
    ],
    [
      'RFIB passage over 80 words',
      broken('RFIB', (item) => {
        item.content.passage = `${words(80)} {{1}} {{2}} {{3}}`;
      }),
      'content.passage',
      /83 words; at most 80/,
    ],
    [
      'LFIB marker joined to a word',
      broken('LFIB', (item) => {
        item.content.transcript = item.content.transcript.replace(' {{1}}', 'x{{1}}');
      }),
      'content.transcript',
      /joined to a word/,
    ],
    [
      'LFIB answer of two words',
      broken('LFIB', (item) => {
        item.key.answers[1]!.answer = 'student societies';
      }),
      'key.answers[1].answer',
      /single word/,
    ],
    [
      'LFIB spelling variant equal to the answer',
      broken('LFIB', (item) => {
        item.key.answers[0]!.variants = ['organize', 'Organise'];
      }),
      'key.answers[0].variants[1]',
      /repeats the answer/,
    ],
    // Choices
    [
      'RMCM correct option id not among the options',
      broken('RMCM', (item) => {
        item.key.correct = ['A', 'F'];
      }),
      'key.correct[1]',
      /"F" is not the id of an option/,
    ],
    [
      'RMCS single-choice with two correct answers',
      broken('RMCS', (item) => {
        item.key.correct = ['A', 'B'];
      }),
      'key.correct',
      /exactly one correct option, not 2/,
    ],
    [
      'LMCS single-choice with two correct answers',
      broken('LMCS', (item) => {
        item.key.correct = ['C', 'D'];
      }),
      'key.correct',
      /exactly one correct option/,
    ],
    [
      'LMCM multiple-choice with one correct answer',
      broken('LMCM', (item) => {
        item.key.correct = ['B'];
      }),
      'key.correct',
      /at least two correct options/,
    ],
    [
      'RMCM with duplicate option ids',
      broken('RMCM', (item) => {
        item.content.options[1]!.id = 'A';
      }),
      'content.options[1].id',
      /must be "B"/,
    ],
    [
      'HCS with two options',
      broken('HCS', (item) => {
        item.content.options = item.content.options.slice(0, 2);
      }),
      'content.options',
      /takes 3–6/,
    ],
    // Order
    [
      'RO order that is not a permutation',
      broken('RO', (item) => {
        item.key.order = ['C', 'A', 'A', 'B'];
      }),
      'key.order',
      /each paragraph id \(A, B, C, D\) exactly once/,
    ],
    [
      'RO order already shown in order',
      broken('RO', (item) => {
        item.key.order = ['A', 'B', 'C', 'D'];
      }),
      'key.order',
      /shuffle/,
    ],
    [
      'RO with three paragraphs',
      broken('RO', (item) => {
        item.content.paragraphs.pop();
        item.key.order = ['C', 'A', 'B'];
      }),
      'content.paragraphs',
      /takes 4–5/,
    ],
    // Words and sentences
    [
      'WFD empty sentence',
      broken('WFD', (item) => {
        item.key.sentence = '   ';
      }),
      'key.sentence',
      /must not be empty/,
    ],
    [
      'WFD spelling variant for a word not in the sentence',
      broken('WFD', (item) => {
        item.key.variants = [{ word: 'colour', accepted: ['color'] }];
      }),
      'key.variants[0].word',
      /not a word of the sentence/,
    ],
    [
      'RA over 60 words',
      broken('RA', (item) => {
        item.content.text = words(61);
      }),
      'content.text',
      /61 words; at most 60/,
    ],
    [
      'RTS situation over 60 words',
      broken('RTS', (item) => {
        item.content.situation = words(61);
      }),
      'content.situation',
      /at most 60/,
    ],
    [
      'SWT passage over 300 words',
      broken('SWT', (item) => {
        item.content.passage = words(301);
      }),
      'content.passage',
      /301 words; at most 300/,
    ],
    [
      'SWT sample answer of two sentences',
      broken('SWT', (item) => {
        item.key.sampleAnswer = item.key.sampleAnswer.replace(', but', '. But');
      }),
      'key.sampleAnswer',
      /one sentence/,
    ],
    [
      'WE sample answer under 200 words',
      broken('WE', (item) => {
        item.key.sampleAnswer =
          'In my opinion, access matters more than salaries paid by taxpayers.';
      }),
      'key.sampleAnswer',
      /must have 200–300/,
    ],
    [
      'WE prompt of one sentence',
      broken('WE', (item) => {
        item.content.prompt = 'Discuss whether university should be free.';
      }),
      'content.prompt',
      /1 sentences; it must have 2–3/,
    ],
    [
      'SST sample answer over 70 words',
      broken('SST', (item) => {
        item.key.sampleAnswer = `${item.key.sampleAnswer} ${words(20)}`;
      }),
      'key.sampleAnswer',
      /must have 50–70/,
    ],
    [
      'DI key point not made by the sample answer',
      broken('DI', (item) => {
        item.key.keyPoints[0]!.keywords = ['nuclear'];
      }),
      'key.keyPoints[0].keywords',
      /none of these keywords appears in sampleAnswer/,
    ],
    // Listening specifics
    [
      'HIW index beyond the transcript',
      broken('HIW', (item) => {
        item.key.changes[2]!.index = 28;
      }),
      'key.changes[2].index',
      /is 28; the transcript has words 0–27/,
    ],
    [
      'HIW spoken word equal to the displayed one',
      broken('HIW', (item) => {
        item.key.changes[0]!.spoken = 'Hundreds';
      }),
      'key.changes[0].spoken',
      /same as the displayed word/,
    ],
    [
      'SGD with only two speakers',
      broken('SGD', (item) => {
        item.key.transcript = item.key.transcript.map((turn) => ({
          ...turn,
          speaker: turn.speaker === 'C' ? 'A' : turn.speaker,
        }));
      }),
      'key.transcript',
      /speaker C never speaks/,
    ],
    [
      'DI bar chart with a missing value',
      broken('DI', (item) => {
        if (item.content.chart.kind === 'bar') item.content.chart.series[0]!.values.pop();
      }),
      'content.chart.series[0].values',
      /2 values for 3 categories/,
    ],
    [
      'audio with an absolute path',
      broken('RS', (item) => {
        item.content.audio.src = '/audio/rs/rs-0001.mp3';
      }),
      'content.audio.src',
      /relative lower-case path/,
    ],
    [
      'audio duration written in milliseconds',
      broken('WFD', (item) => {
        item.content.audio.durationSeconds = 4600;
      }),
      'content.audio.durationSeconds',
      /600/,
    ],
    // Base fields
    [
      'id without the type prefix',
      broken('WFD', (item) => {
        item.id = 'ra-0009';
      }),
      'id',
      /must start with "wfd-"/,
    ],
    [
      'id that is not kebab-case',
      broken('WFD', (item) => {
        item.id = 'WFD_0001';
      }),
      'id',
      /kebab-case/,
    ],
    [
      'difficulty 6',
      broken('RA', (item) => {
        item.difficulty = 6;
      }),
      'difficulty',
      /<=5/,
    ],
    [
      'week 53 of a 52-week year',
      broken('RA', (item) => {
        item.highFrequencyWeeks = ['2025-W53'];
      }),
      'highFrequencyWeeks[0]',
      /ISO week/,
    ],
    [
      'explanation not in Chinese',
      broken('RA', (item) => {
        item.explanationZh = 'Read slowly.';
      }),
      'explanationZh',
      /Chinese/,
    ],
    [
      'updatedAt that is not a date',
      broken('RA', (item) => {
        item.updatedAt = '16/11/2026';
      }),
      'updatedAt',
      /date/i,
    ],
    ['unknown type', { ...buildExampleItem('RA'), type: 'XX' }, 'type', /Invalid discriminator/],
    [
      'misspelt field name',
      (() => {
        const { explanationZh, ...rest } = buildExampleItem('RA');
        return { ...rest, explaination: explanationZh };
      })(),
      '(item)',
      /Unrecognized key/,
    ],
  ])('%s', (_, data, path, message) => {
    const problems = problemsOf(data);
    const atPath = problems.filter((problem) => problem.path === path);
    if (atPath.length === 0)
      throw new Error(`no problem at ${path}:\n${formatItemProblems(problems)}`);
    expect(atPath.map((problem) => problem.message).join('\n')).toMatch(message);
  });
});

describe('problem reporting', () => {
  it.each<[PropertyKey[], string]>([
    [[], '(item)'],
    [['key', 'answers', 2, 'answer'], 'key.answers[2].answer'],
    [['highFrequencyWeeks', 0], 'highFrequencyWeeks[0]'],
  ])('formats %j as %s', (path, formatted) => {
    expect(formatPath(path)).toBe(formatted);
  });

  it('prints one "path: message" line per problem', () => {
    expect(
      formatItemProblems([
        { path: 'key.order', message: 'bad' },
        { path: 'id', message: 'worse' },
      ]),
    ).toBe('key.order: bad\nid: worse');
  });

  it('reports every problem of an item at once', () => {
    const data = broken('RO', (item) => {
      item.id = 'x-1';
      item.key.order = ['A'];
    });
    expect(problemsOf(data).map((problem) => problem.path)).toEqual(['id', 'key.order']);
  });
});
