import { getTypeScoring } from '@ninety/contract';
import { describe, expect, it } from 'vitest';
import { scoreDevelopment } from './development';
import { ESSAY, rubric, spec } from './test-support';

describe('development, structure and coherence — WE (0–2; [2025] 0–6)', () => {
  it('a structured essay meets every criterion', () => {
    const result = scoreDevelopment(spec('WE', 'development'), ESSAY, rubric);
    expect(result.score).toBe(6);
    expect(result.summaryZh).toBe('结构完整，衔接清楚');
  });
  it('one block without position, conclusion or linking scores low and says what to add', () => {
    const flat =
      'Online courses are popular. Many people take them. They are cheap. Classrooms are old.';
    const result = scoreDevelopment(spec('WE', 'development'), flat, rubric);
    expect(result.score).toBeLessThanOrEqual(1);
    expect(result.summaryZh).toContain('结尾段');
  });
  it('under pte-2024 the same essay is out of 2', () => {
    const old = getTypeScoring('WE', 'pte-2024').traits.find((t) => t.trait === 'development')!;
    expect(scoreDevelopment(old, ESSAY, rubric).score).toBe(2);
  });
});

describe('development — what counts as supporting detail', () => {
  const dev = spec('WE', 'development');
  const withBody = (body: string) =>
    `In my opinion, online courses help.\n\n${body} However, they also have limits.\n\nIn conclusion, they help.`;
  it.each([
    { case: 'a marked example', body: 'For example, nurses study at night.', met: true },
    { case: 'a named place', body: 'In Japan, many adults study online.', met: true },
    { case: 'a concrete person', body: 'A nurse who works nights can study.', met: true },
    { case: '"In conclusion" is not a place', body: 'People study online.', met: false },
  ])('$case → example criterion met: $met', ({ body, met }) => {
    const summary = scoreDevelopment(dev, withBody(body), rubric).summaryZh;
    expect(summary.includes('用例子支撑观点')).toBe(!met);
  });
});
