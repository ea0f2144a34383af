import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { countWords, ItemSchema, scoringProfiles, type ItemOf } from '@ninety/contract';
import { parse } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { createLanguageTools, type LanguageTools } from '../language-tools/language-tools';
import { knownWordsOf, scoreWriting, type WritingItem } from './score-writing';

/**
 * The traits end to end with the real speller and grammar checker, on the bank's own items: every
 * sample answer must earn full marks (they are what learners are told to aim for), and answers
 * with the faults pte-rules names must lose marks in the trait that names them.
 */
const itemsDir = fileURLToPath(new URL('../../../../content/items/', import.meta.url));
function bankItems<C extends 'SWT' | 'WE' | 'SST'>(type: C): ItemOf<C>[] {
  const dir = `${itemsDir}${type.toLowerCase()}/`;
  return readdirSync(dir)
    .filter((file) => file.endsWith('.yaml'))
    .map((file) => ItemSchema.parse(parse(readFileSync(dir + file, 'utf8'))) as ItemOf<C>);
}

let tools: LanguageTools;
beforeAll(async () => {
  tools = await createLanguageTools();
}, 60_000);

async function score(item: WritingItem, text: string) {
  return scoreWriting(item, { text }, await tools.check(text, knownWordsOf(item)));
}
const trait = (result: Awaited<ReturnType<typeof score>>, id: string) =>
  result.traits.find((candidate) => candidate.trait === id)!;

describe('every sample answer in the bank scores full marks', () => {
  for (const type of ['SWT', 'WE', 'SST'] as const) {
    it(`${type}`, async () => {
      for (const item of bankItems(type)) {
        const result = await score(item, item.key.sampleAnswer);
        const short = result.traits.filter((t) => t.score < t.max);
        expect(
          short.map(
            (t) =>
              `${item.id} ${t.trait} ${t.score}/${t.max}: ${t.summaryZh} ${t.marks.map((m) => m.text).join(', ')}`,
          ),
        ).toEqual([]);
        expect(result.gatedBy).toBeNull();
      }
      // Every essay of the bank through Harper and the tagger: seconds on a busy machine.
    }, 60_000);
  }
});

describe('faults lose marks where pte-rules puts them', () => {
  const [swt] = bankItems('SWT');
  const [sst] = bankItems('SST');
  const [we] = bankItems('WE');

  it('SWT in two sentences: form 0, and the gate makes the item 0 (§Gate rules)', async () => {
    const text = swt!.key.sampleAnswer.replace(
      /, (\w)/,
      (_, letter: string) => `. ${letter.toUpperCase()}`,
    );
    const result = await score(swt!, text);
    expect(trait(result, 'form').score).toBe(0);
    expect(result.score).toBe(0);
    expect(result.gatedBy).toBe('form');
  });

  it('SST with misspelt words: spelling 1 for one error, 0 for two (§Part 3)', async () => {
    const one = sst!.key.sampleAnswer.replace(/\bthe\b/, 'teh');
    expect(trait(await score(sst!, one), 'spelling')).toMatchObject({
      score: 1,
      marks: [expect.objectContaining({ text: 'teh' })],
    });
    const two = one.replace(/\band\b/, 'adn');
    expect(trait(await score(sst!, two), 'spelling').score).toBe(0);
  });

  it('British and American spellings are both right (§Spelling)', async () => {
    const text = `${sst!.key.sampleAnswer} The colour and color of the centre and center were analysed and analyzed.`;
    expect(trait(await score(sst!, text), 'spelling').score).toBe(2);
  });

  it('agreement errors lower grammar and are pointed at', async () => {
    const text = `${sst!.key.sampleAnswer.slice(0, -1)}, and they goes home. He go to school.`;
    const grammar = trait(await score(sst!, text), 'grammar');
    expect(grammar.score).toBeLessThan(2);
    expect(grammar.marks.length).toBeGreaterThan(0);
  });

  it('an answer about something else scores content 0 and the item 0', async () => {
    const text =
      'My favourite football team won the league last weekend because the players trained hard every morning and the coach chose brilliant tactics for the final match in the big stadium, which was full of happy supporters singing loudly.';
    const result = await score(swt!, text);
    expect(trait(result, 'content').score).toBe(0);
    expect(result.score).toBe(0);
  });

  it('WE in bullet points under 120 words loses form and the item', async () => {
    const text = we!.key.sampleAnswer
      .split('\n\n')
      .map((paragraph) => `- ${paragraph.split('. ')[0]}.`)
      .join('\n');
    const result = await score(we!, text);
    expect(trait(result, 'form').score).toBe(0);
    expect(result.score).toBe(0);
  });

  it('an empty answer scores 0 without throwing', async () => {
    const result = await score(we!, '');
    expect(result).toMatchObject({ score: 0, wordCount: 0 });
  });
});

/**
 * Issue 17's finding: a learner's essay with about 17 errors scored grammar 2/2. The same kind of
 * essay (written for this test, 218 words) must lose grammar, with each error marked in Chinese.
 */
describe('a learner essay with a dozen errors (issue 17)', () => {
  const [we] = bankItems('WE');
  const essay =
    'Nowadays, online courses is more and more popular, and some people believe that they will replace traditional classroom in the future. I am agree with this opinion only partly.\n' +
    '\n' +
    'On the one hand, online learning have many advantages. Students can studies at any time and in any place, which is very convenient for people who have a job. Many student in remote areas can also get a lot of informations from the best teachers. Because the cost is low, so more people can afford it. The number of online learners are growing every year.\n' +
    '\n' +
    'On the other hand, the classroom is still necessary. Students is lack of self-control when they study alone at home. Although online courses are flexible, but they cannot give students face-to-face communication. Teachers in a classroom can find problems quickly, they can help students immediately. In addition, practical subjects such as medicine need a real laboratory. Students should practised with real equipment before they become doctors. Despite of the progress of technology, a computer cannot replace a teacher completely.\n' +
    '\n' +
    'In conclusion, online courses are useful tool for modern education, but they cannot replace the classroom. The best solution are to combine the two methods, so that students can enjoy the benefits of both. Governments should encourages schools to use technology wisely in the future.';
  const marked = [
    'is',
    'am agree',
    'studies',
    'student',
    'so',
    'are',
    'is lack',
    'but',
    'practised',
    'useful tool',
    'encourages',
    'informations',
    'Despite of',
  ];

  it('grammar 0 of 2 under pte-2025-08-r2, each error marked with a Chinese explanation and a correction', async () => {
    const result = await score(we!, essay);
    const grammar = trait(result, 'grammar');
    expect(grammar.score).toBe(0);
    const marks = [...grammar.marks, ...trait(result, 'vocabulary').marks];
    for (const text of marked) expect(marks.map((mark) => mark.text)).toContain(text);
    for (const mark of marks) {
      expect(mark.messageZh).toMatch(/\p{Script=Han}/u);
      expect(mark.messageZh).not.toMatch(/[A-Za-z]{4,} [A-Za-z]{4,} [A-Za-z]{4,}/);
      expect(mark.suggestion).toBeTruthy();
    }
    // "informations" is counted once, as an uncountable noun, not also as a misspelling.
    expect(trait(result, 'spelling').score).toBe(2);
  });

  it('the profile it was scored with decides: pte-2025-08 reads the same findings by count', async () => {
    const check = await tools.check(essay, knownWordsOf(we!));
    const old = scoreWriting(we!, { text: essay }, check, scoringProfiles['pte-2025-08']);
    expect(old.traits.find((each) => each.trait === 'grammar')?.score).toBe(0);
  });
});

describe('typed answers are normalised before scoring (issue 17)', () => {
  const [sst] = bankItems('SST');
  const [we] = bankItems('WE');

  it('an SST written with Chinese punctuation (，。) has punctuation, keeps its words apart and gets a hint', async () => {
    const typed = sst!.key.sampleAnswer.replace(/, /g, '，').replace(/\. /g, '。');
    const result = await score(sst!, typed);
    const form = trait(result, 'form');
    expect(form.score).toBe(form.max);
    expect(form.summaryZh).toContain('中文标点');
    expect(result.wordCount).toBe(countWords(sst!.key.sampleAnswer));
  });

  it('findings point at what the learner typed, around zero-width and look-alike characters', async () => {
    const typed = 'Many people is worried\u200B about their jobs，and they canʼt sleep.';
    const result = await score(we!, typed);
    const marks = result.traits.flatMap((each) => each.marks);
    expect(marks.length).toBeGreaterThan(0);
    for (const mark of marks) expect(typed.slice(mark.start, mark.end)).toBe(mark.text);
    expect(trait(result, 'grammar').marks.map((mark) => mark.text)).toContain('is');
  });
});
