/**
 * Issue 15, open answers, on clips made at test time by two synthesis engines (espeak-ng and
 * flite): a Describe Image answer covering every key point scores at least one covering half,
 * which scores at least a memorised template, and the full answer beats the template; the
 * template keeps at most a quarter of the content; a fluent full answer is fluent. Scored as the server scores a recording (speechRecordingScorer). Orderings only:
 * synthetic voices are not learners.
 */
import { readFileSync } from 'node:fs';
import type { ItemOf } from '@ninety/contract';
import { buildExampleItem } from '@ninety/contract/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { speechFixturesRequired } from '../../../test/speech-fixtures';
import { speechRecordingScorer } from './recording-scorer';
import { SpeechWorkerPool } from '../../adapters/speech/speech-worker-pool';
import * as F from '../../adapters/speech/test-support/fixtures';

const available = F.speechToolsAvailable() && F.fliteAvailable();
if (!available && speechFixturesRequired())
  throw new Error('espeak-ng, flite and sox are required (apt-get install espeak-ng flite sox)');

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

const VOICES: F.ClipSpec[] = [
  { text: '', engine: 'espeak-ng', voice: 'en-us' },
  { text: '', engine: 'flite', voice: 'slt' },
];

/** Open answers decode a keyword grammar and their free phones: a limit, not a time assertion. */
const OPEN_ANSWERS_MS = 240_000;

describe.skipIf(!available)('open answers on two synthesis engines (issue 15)', () => {
  let pool: SpeechWorkerPool;
  beforeAll(async () => {
    pool = new SpeechWorkerPool({
      workers: 2,
      jobTimeoutMs: 120_000,
      recycleAfterJobs: 50,
      maxWorkerMb: 512,
    });
    await pool.whenReady();
  });
  afterAll(async () => {
    await pool.close();
  });

  async function score(voice: F.ClipSpec, text: string) {
    const wav = readFileSync(F.clipFile({ ...voice, text }));
    const { result } = await speechRecordingScorer(pool).score(di, wav);
    if (result.kind !== 'speech' || result.unscored) throw new Error('not scored');
    const content = result.traits.find((trait) => trait.trait === 'content');
    const fluency = result.traits.find((trait) => trait.trait === 'fluency');
    return { content: content?.score ?? 0, max: content?.max ?? 0, fluency: fluency?.score ?? 0 };
  }

  // Not strictly full > half > template on both: espeak-ng, which the model fits worse, loses
  // keywords to the goodness limit (ADR 0027: 9 of 18 of its full answers' key points on the
  // development set), and its half answer here can lose all of them.
  it.each(VOICES)(
    '$engine $voice: content(full) ≥ content(half) ≥ content(template), full > template, the template ≤ 25 %',
    async (voice) => {
      const full = await score(voice, FULL);
      const half = await score(voice, HALF);
      const template = await score(voice, TEMPLATE);
      expect(full.content).toBeGreaterThanOrEqual(half.content);
      expect(half.content).toBeGreaterThanOrEqual(template.content);
      expect(full.content).toBeGreaterThan(template.content);
      expect(template.content).toBeLessThanOrEqual(template.max / 4);
      expect(full.fluency).toBeGreaterThanOrEqual(4);
    },
    OPEN_ANSWERS_MS,
  );
});
