import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { falseAlarmRateOf, measureDevSet, parseDevSet, recallOf } from './dev-set';
import { findLearnerErrors, type LearnerCategory } from './rules';
import { createWinkTagger } from './wink-tagger';

/**
 * The learner-error rules (issue 17) with the real tagger: per rule, sentences it must flag (with
 * the correction it offers) and sentences it must leave alone; then the development set as a
 * no-regression test.
 */
const tagger = createWinkTagger();
const find = (text: string) => findLearnerErrors(tagger.tag(text));

type Row = [sentence: string, flagged: string, suggestion: string];

const MUST_FLAG: Record<LearnerCategory, Row[]> = {
  // Subject–verb agreement, incl. "the number of X are", "one of the X are", "people is".
  agreement: [
    ['The number of students are growing.', 'are', 'is'],
    ['One of the main reasons are the cost.', 'are', 'is'],
    ['People is becoming more aware.', 'is', 'are'],
    ['Technology make our life easier.', 'make', 'makes'],
    ['The best solution are to reduce taxes.', 'are', 'is'],
    ['There is many reasons for this.', 'is', 'are'],
  ],
  // Verb form after modals, do and "to".
  'verb-form': [
    ['Students can studies at home.', 'studies', 'study'],
    ['People want to went abroad.', 'went', 'go'],
    ['The government must to build hospitals.', 'must to', 'must'],
    ['He did not went to school.', 'went', 'go'],
  ],
  // "be" + base verb.
  'be-base': [
    ['Students is lack of experience.', 'is lack', 'lack'],
    ['Many people are agree with this idea.', 'are agree', 'agree'],
    ['The house was build in 1990.', 'build', 'built'],
  ],
  // Plural after quantifiers; every/each + singular.
  quantifier: [
    ['Many student want to study abroad.', 'student', 'students'],
    ['A lot of problem need to be solved.', 'problem', 'problems'],
    ['Three year ago I moved.', 'year', 'years'],
    ['Every students should have a chance.', 'students', 'student'],
  ],
  // Countable/uncountable.
  uncountable: [
    ['The internet gives us a lot of informations.', 'informations', 'information'],
    ['My teacher gave me some useful advices.', 'advices', 'advice'],
    ['He did a research on climate change.', 'a research', 'research'],
  ],
  // a/an by sound, "the" before a concept, a missing article before a singular countable noun.
  article: [
    ['He wants to be an university teacher.', 'an university', 'a university'],
    ['It takes a hour.', 'a hour', 'an hour'],
    ['We should protect the nature.', 'the nature', 'nature'],
    ['My sister is teacher.', 'teacher', 'a teacher'],
  ],
  // Tense consistency inside a sentence.
  tense: [
    ['Yesterday I go to the cinema.', 'go', 'went'],
    ['She opened the door and walks in.', 'walks', 'walked'],
    ['I have seen him yesterday.', 'have seen', 'saw'],
  ],
  'double-subject': [['My father he works in a bank.', 'he', '']],
  'despite-of': [['Despite of the rain, we went out.', 'Despite of', 'Despite']],
  'although-but': [['Although it was raining, but we went out.', 'but', '']],
  'because-so': [['Because it was late, so we took a taxi.', 'so', '']],
  'run-on': [['I like reading, it helps me relax.', ',', ';']],
  fragment: [
    ['Because it is cheap.', 'Because it is cheap', 'This is because'],
    ['Which makes life easier.', 'Which makes life easier', 'This'],
  ],
};

const MUST_NOT_FLAG: Record<LearnerCategory, string[]> = {
  agreement: [
    'The data are clear.',
    'Neither of them is ready.',
    'A number of students are absent today.',
    'Each of the students has a book.',
    'Playing games is a waste of time.',
    'She suggested that he go home.',
  ],
  'verb-form': ['We look forward to meeting you.', 'I am used to working late.', 'He can speak.'],
  'be-base': ['The house was built in 1990.', 'The results were put online.', 'He is right.'],
  quantifier: ['Many students study abroad.', 'A lot of work remains.', 'Both parents work.'],
  uncountable: [
    'I gave him some advice.',
    'He did some research on it.',
    'We need more information.',
  ],
  article: [
    'It is a unique opportunity.',
    'It takes an hour by train.',
    'She is a European scholar.',
    'An MBA is expensive.',
    'A UN report warned of hunger.',
    'The nature of the problem is complex.',
  ],
  tense: ['I have lived here since 2010.', 'I was born in 1990 and now live in Sydney.'],
  'double-subject': ['The students, who were tired, went home.'],
  'despite-of': ['In spite of the rain, we went out.'],
  'although-but': ['Although it was cold, we swam in the sea.'],
  'because-so': ['Because it rained, the match was cancelled.'],
  'run-on': ['Although it was cold, we swam.', 'Because of this, prices rose.'],
  fragment: ['Because it rained, the match was cancelled.', 'Which is better?'],
};

describe.each(Object.keys(MUST_FLAG) as LearnerCategory[])('learner rule: %s', (category) => {
  it.each(MUST_FLAG[category])('flags %j at %j → %j', (sentence, flagged, suggestion) => {
    const finding = find(sentence).find((each) => each.category === category);
    expect(finding, JSON.stringify(find(sentence))).toBeDefined();
    expect(sentence.slice(finding!.start, finding!.end)).toBe(flagged);
    expect(finding!.suggestion).toBe(suggestion);
    expect(finding!.messageZh).toMatch(/\p{Script=Han}/u);
  });
  it.each(MUST_NOT_FLAG[category])('leaves %j alone', (sentence) => {
    expect(find(sentence)).toEqual([]);
  });
});

describe('development set (no regressions: recall may only go up, false alarms ≤ 5 %)', () => {
  const sentences = parseDevSet(readFileSync(new URL('./dev-set.txt', import.meta.url), 'utf8'));
  const flags = async (sentence: string) => find(sentence).length > 0;

  it('holds at least 400 sentences with a held-out third', () => {
    expect(sentences.length).toBeGreaterThanOrEqual(400);
    expect(sentences.filter((sentence) => sentence.heldOut).length).toBe(
      Math.floor(sentences.length / 3),
    );
  });
  it.each([
    ['tuning', false, 0.9],
    ['held out', true, 0.85],
  ] as const)(
    '%s part (held out: %s): recall ≥ %s, false alarms ≤ 5 %%',
    async (_part, heldOut, minRecall) => {
      const figures = await measureDevSet(
        sentences.filter((sentence) => sentence.heldOut === heldOut),
        flags,
      );
      expect(recallOf(figures.overall)).toBeGreaterThanOrEqual(minRecall);
      expect(falseAlarmRateOf(figures.overall)).toBeLessThanOrEqual(0.05);
    },
  );
});
