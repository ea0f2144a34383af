import { describe, expect, it } from 'vitest';
import { getTypeScoring } from '@ninety/contract';
import { scoreForm } from './form';
import { spec, words } from './test-support';

describe('form — pte-rules §Part 1 SWT: one sentence of 5–75 words (0–1)', () => {
  it.each([
    { case: 'one sentence of 30 words', text: words(30), score: 1 },
    { case: '5 words, the lower limit', text: words(5), score: 1 },
    { case: '75 words, the upper limit', text: words(75), score: 1 },
    { case: '4 words', text: words(4), score: 0 },
    { case: '76 words', text: words(76), score: 0 },
    { case: 'empty', text: '', score: 0 },
    { case: 'two sentences', text: `${words(10)} ${words(10)}`, score: 0 },
    { case: 'no full stop at the end', text: words(10).slice(0, -1) + ', and more', score: 0 },
    {
      case: '"e.g." and a decimal do not split the sentence',
      text: 'Cities grow, e.g. in Lagos by 3.5 per cent each year, because people move there for work.',
      score: 1,
    },
    {
      case: 'abbreviations and initials do not split it either',
      text: 'Mr. Smith says the U.S. Department of Energy, led by J. Brown, funds storage, e.g. Batteries.',
      score: 1,
    },
  ])('$case → $score', ({ text, score }) => {
    expect(scoreForm(spec('SWT', 'form'), text).score).toBe(score);
  });

  it('marks the second sentence as the evidence', () => {
    const result = scoreForm(spec('SWT', 'form'), 'Cities grow fast today. People move there.');
    expect(result.marks).toEqual([
      expect.objectContaining({ text: 'People move there.', start: 24 }),
    ]);
    expect(result.summaryZh).toContain('2 句');
  });
});

describe('form — pte-rules §Part 3 SST: 50–70 → 2; 40–49 or 71–100 → 1; otherwise 0', () => {
  it.each([
    [50, 2],
    [70, 2],
    [49, 1],
    [40, 1],
    [71, 1],
    [100, 1],
    [39, 0],
    [101, 0],
  ])('%i words → %i', (count, score) => {
    expect(scoreForm(spec('SST', 'form'), words(count)).score).toBe(score);
  });
});

describe('form — WE 200–300 → 2; 120–199 or 301–380 → 1 (Pearson score guide)', () => {
  it.each([
    [250, 2],
    [200, 2],
    [300, 2],
    [150, 1],
    [350, 1],
    [119, 0],
    [381, 0],
  ])('%i words → %i', (count, score) => {
    expect(scoreForm(spec('WE', 'form'), words(count)).score).toBe(score);
  });
});

describe('form — pte-rules §Gate rules: all capitals, no punctuation, bullet points lose form', () => {
  const sst = spec('SST', 'form');
  it('all capitals → 0', () => {
    expect(scoreForm(sst, words(60).toUpperCase()).score).toBe(0);
  });
  it('no punctuation at all → 0', () => {
    expect(scoreForm(sst, words(60).replace('.', '')).score).toBe(0);
  });
  it('bullet points → 0, each bullet line marked', () => {
    const text = `The speaker said:\n- ${words(30)}\n* ${words(25)}`;
    const result = scoreForm(sst, text);
    expect(result.score).toBe(0);
    expect(result.marks).toHaveLength(2);
    expect(result.summaryZh).toContain('项目符号');
  });
  it('a numbered list → 0', () => {
    expect(scoreForm(sst, `1. ${words(30)}\n2. ${words(25)}`).score).toBe(0);
  });
  it('a capitalised acronym or two do not count as all capitals', () => {
    expect(scoreForm(sst, `The UN and the WHO said ${words(55)}`).score).toBe(2);
  });
});

describe('SWT form under pte-2025-08-r2 (issue 17)', () => {
  const r2 = getTypeScoring('SWT', 'pte-2025-08-r2').traits.find((each) => each.trait === 'form')!;
  it.each([
    {
      case: 'no final full stop: one complete sentence, form 1 with a hint',
      text: 'Cities grow, because people move there for work and better schools',
      score: 1,
    },
    {
      case: 'no punctuation at all is still form 0 (pte-rules §Gate rules)',
      text: 'Cities grow because people move there for work and better schools',
      score: 0,
    },
    {
      case: 'a second sentence starting in lower case',
      text: 'Cities grow because people move there for work. it also raises house prices quickly.',
      score: 0,
    },
    {
      case: 'the first sentence ends in "Plan B."',
      text: 'The council adopted a scheme called Plan B. The scheme cut traffic by a third.',
      score: 0,
    },
    {
      case: 'the first sentence ends in "World War I."',
      text: 'Rationing in Britain began during World War I. It returned in the next war.',
      score: 0,
    },
    {
      case: 'no space after the full stop',
      text: 'Cities grow because people move there for work.It also raises house prices.',
      score: 0,
    },
    {
      case: '"e.g. the" and "Plan B is" stay one sentence',
      text: 'Cities grow, e.g. the largest ones, and Plan B. is not the same as Plan A, experts say.',
      score: 1,
    },
    {
      case: 'bullets marked with –',
      text: 'Cities grow:\n– people move for work\n– schools are better',
      score: 0,
    },
    { case: 'bullets marked with —', text: 'Cities grow:\n— people move for work', score: 0 },
    { case: 'bullets marked with o', text: 'Cities grow:\no people move for work', score: 0 },
    { case: 'bullets marked with →', text: 'Cities grow:\n→ people move for work', score: 0 },
  ])('$case → $score', ({ text, score }) => {
    expect(scoreForm(r2, text).score).toBe(score);
  });

  it('shows the missing full stop as a hint on the last word', () => {
    const result = scoreForm(r2, 'Cities grow, because people move there for work');
    expect(result.summaryZh).toContain('句末建议加上句号');
    expect(result.marks).toEqual([expect.objectContaining({ text: 'work', suggestion: 'work.' })]);
  });

  it('no punctuation at all gives that reason alone, not the no-deduction full-stop hint', () => {
    const result = scoreForm(
      r2,
      'Cities grow because people move there for work and better schools',
    );
    expect(result.summaryZh).toBe('没有任何标点符号（至少应以句号结尾）');
    expect(result.marks).toEqual([]);
  });

  it('marks the hidden second sentence', () => {
    const result = scoreForm(r2, 'Cities grow because people move. it also raises prices.');
    expect(result.marks.map((mark) => mark.text)).toEqual(['it also raises prices.']);
  });

  it('Chinese punctuation counts as punctuation and is named in a hint', () => {
    const result = scoreForm(r2, 'Cities grow, because people move there for work.', true);
    expect(result.score).toBe(1);
    expect(result.summaryZh).toContain('中文标点');
  });
});
