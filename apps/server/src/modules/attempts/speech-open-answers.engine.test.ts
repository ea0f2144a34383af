/**
 * Issue 15, open answers, on clips made at test time by two synthesis engines (espeak-ng and
 * flite): a Describe Image answer covering every key point scores more than one covering half,
 * which scores more than a memorised template; the template and an answer about something else
 * keep at most a quarter of the content; a fluent full answer is fluent. Scored as the server
 * scores a recording (speechRecordingScorer). Orderings only: synthetic voices are not learners.
 */
import type { ItemOf } from '@ninety/contract';
import { buildExampleItem } from '@ninety/contract/testing';
import { describe, expect, it } from 'vitest';
import * as F from '../../adapters/speech/test-support/fixtures';
import {
  scoreClip,
  TWO_ENGINE_VOICES as VOICES,
  twoEnginesAvailable as available,
  useScoringPool,
} from './test-support/two-engines';

const di = buildExampleItem('DI') as ItemOf<'DI'>;
di.key.keyPoints = [
  { point: 'A bar chart of city populations', keywords: ['bar chart', 'population'] },
  { point: 'Tokyo is the largest', keywords: ['tokyo'] },
  { point: 'About thirty-seven million people', keywords: ['thirty-seven million', 'million'] },
  { point: 'London is the smallest', keywords: ['london', 'lowest'] },
  { point: 'Every city grew', keywords: ['increased', 'growth'] },
  { point: 'By about ten percent', keywords: ['ten percent', '10%'] },
];
const FULL = F.DESCRIBE_IMAGE_GOOD;
const HALF =
  'This bar chart shows the population of five cities between two thousand and two thousand and twenty. Tokyo had the highest population, about thirty seven million.';
/** The kind of template learners memorise: it fits any image and names nothing in this one. */
const TEMPLATE =
  'The image gives information about an interesting topic. First of all, there are several important features that can be seen clearly. Some of the values are higher while others are lower. Overall, the image provides a good overview of the subject.';
/** An answer about something else altogether. */
const OFF_TOPIC =
  'My favourite meal is a bowl of noodle soup with fresh vegetables. My grandmother cooks it every winter, and the whole family sits together at the kitchen table.';

/** Open answers decode a keyword grammar and their free phones: a limit, not a time assertion. */
const OPEN_ANSWERS_MS = 240_000;

describe.skipIf(!available)('open answers on two synthesis engines (issue 15)', () => {
  const pool = useScoringPool(120_000);

  async function score(voice: F.ClipSpec, text: string) {
    const { traitScore } = await scoreClip(pool(), di, voice, text);
    const content = traitScore('content');
    return {
      content: content?.score ?? 0,
      max: content?.max ?? 0,
      fluency: traitScore('fluency')?.score ?? 0,
    };
  }

  // Strict (ADR 0027, sixth sitting): under pte-2025-08-r11 these clips scored full 4–6, half 3,
  // template 0 of 6 on espeak-ng en-us and en-gb and flite slt, awb and rms.
  it.each(VOICES)(
    '$engine $voice: content(full) > content(half) > content(template), the template and an off-topic answer ≤ 25 %',
    async (voice) => {
      const full = await score(voice, FULL);
      const half = await score(voice, HALF);
      const template = await score(voice, TEMPLATE);
      const offTopic = await score(voice, OFF_TOPIC);
      expect(full.content).toBeGreaterThan(half.content);
      expect(half.content).toBeGreaterThan(template.content);
      expect(template.content).toBeLessThanOrEqual(template.max / 4);
      expect(offTopic.content).toBeLessThanOrEqual(offTopic.max / 4);
      expect(full.fluency).toBeGreaterThanOrEqual(4);
    },
    OPEN_ANSWERS_MS,
  );
});
