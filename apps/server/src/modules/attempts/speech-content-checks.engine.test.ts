/**
 * Issue 15 on clips made at test time by two synthesis engines (espeak-ng and flite): a Repeat
 * Sentence answer of another sentence keeps no content, substituted words score below the words
 * read correctly and cost content, words one phone away are heard as those words, and omitted words are the ones marked 没有听到. Scored as the server scores a recording (speechRecordingScorer). Orderings
 * only: synthetic voices are not learners.
 */
import type { ItemOf } from '@ninety/contract';
import { buildExampleItem } from '@ninety/contract/testing';
import { describe, expect, it } from 'vitest';
import type * as F from '../../adapters/speech/test-support/fixtures';
import {
  scoreClip,
  TWO_ENGINE_VOICES as VOICES,
  twoEnginesAvailable as available,
  useScoringPool,
} from './test-support/two-engines';

const rs = buildExampleItem('RS') as ItemOf<'RS'>;
rs.key.transcript = 'The university library will close early on Friday for staff training.';
const SUBSTITUTED = 'The university garden will close early on Friday for monkey training.';
const SUBSTITUTED_AT = [2, 9];
/** Another item, read with words one phone away from its own ("ocean" for "open", "feed" for "food"). */
const rsSimilar = buildExampleItem('RS') as ItemOf<'RS'>;
rsSimilar.key.transcript = 'The canteen will open early and serve hot food to every student.';
const SIMILAR = 'The canteen will ocean early and serve hot feed to every student.';
const SIMILAR_AT = [3, 8];
const OFF_TOPIC = 'Bees make honey in the summer and sleep through the cold winter months.';
const OMITTED = 'The library will close on Friday for staff training.';
const OMITTED_AT = [1, 5];

describe.skipIf(!available)('content checks on two synthesis engines (issue 15)', () => {
  const pool = useScoringPool(60_000);

  async function score(voice: F.ClipSpec, text: string, item: ItemOf<'RS'> = rs) {
    const { result, traitScore } = await scoreClip(pool(), item, voice, text);
    return { content: traitScore('content')?.score ?? 0, words: result.syllables };
  }

  it.each(VOICES)('$engine $voice: another sentence keeps no content', async (voice) => {
    const correct = await score(voice, rs.key.transcript);
    const offTopic = await score(voice, OFF_TOPIC);
    expect(correct.content).toBe(3);
    expect(offTopic.content).toBe(0);
  });

  it.each(VOICES)('$engine $voice: substituted words score below the rest', async (voice) => {
    const { words } = await score(voice, SUBSTITUTED);
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    const substituted = words.filter((_, i) => SUBSTITUTED_AT.includes(i)).map((w) => w.score);
    const others = words.filter((_, i) => !SUBSTITUTED_AT.includes(i)).map((w) => w.score);
    expect(words.map((w) => w.word)).toEqual(rs.key.transcript.replace('.', '').split(' '));
    expect(mean(substituted)).toBeLessThan(mean(others));
    expect(Math.min(...substituted)).toBeLessThan(Math.min(...others));
  });

  it.each(VOICES)('$engine $voice: content(correct) > content(substituted)', async (voice) => {
    const [correct, substituted] = await Promise.all([
      score(voice, rs.key.transcript),
      score(voice, SUBSTITUTED),
    ]);
    expect(correct.content).toBeGreaterThan(substituted.content);
  });

  it.each(VOICES)(
    '$engine $voice: similar-sounding substitutes are heard as other words and cost content (pte-2025-08-r12)',
    async (voice) => {
      const [correct, similar] = await Promise.all([
        score(voice, rsSimilar.key.transcript, rsSimilar),
        score(voice, SIMILAR, rsSimilar),
      ]);
      const wrong = similar.words.flatMap((w, i) => (w.type === 'bad' ? [i] : []));
      // Each substitute is wrong; a correct word may be too, but never more than one.
      for (const at of SIMILAR_AT) expect(wrong).toContain(at);
      // …heard as the words said, which the worst phone alone never named.
      expect(SIMILAR_AT.map((at) => similar.words[at]?.heardAs)).toEqual(['ocean', 'feed']);
      expect(wrong.length).toBeLessThanOrEqual(SIMILAR_AT.length + 1);
      expect(correct.words.filter((w) => w.type === 'bad' || w.type === 'omitted')).toEqual([]);
      expect(correct.content).toBeGreaterThan(similar.content);
    },
  );

  it.each(VOICES)(
    '$engine $voice: omitted words are the ones marked 没有听到, and cost content',
    async (voice) => {
      const [correct, omitted] = await Promise.all([
        score(voice, rs.key.transcript),
        score(voice, OMITTED),
      ]);
      expect(omitted.words.map((w) => w.word)).toEqual(
        rs.key.transcript.replace('.', '').split(' '),
      );
      const marked = omitted.words.flatMap((w, i) => (w.type === 'omitted' ? [i] : []));
      expect(marked).toEqual(OMITTED_AT);
      expect(correct.content).toBeGreaterThan(omitted.content);
    },
  );
});
