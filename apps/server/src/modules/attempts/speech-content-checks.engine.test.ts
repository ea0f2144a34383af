/**
 * Issue 15 on clips made at test time by two synthesis engines (espeak-ng and flite): a Repeat
 * Sentence answer of another sentence keeps no content, substituted words score below the words
 * read correctly and cost content, and omitted words are the ones marked 没有听到. Scored as the server scores a recording (speechRecordingScorer). Orderings
 * only: synthetic voices are not learners.
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

const rs = buildExampleItem('RS') as ItemOf<'RS'>;
rs.key.transcript = 'The university library will close early on Friday for staff training.';
const SUBSTITUTED = 'The university garden will close early on Friday for monkey training.';
const SUBSTITUTED_AT = [2, 9];
const OFF_TOPIC = 'Bees make honey in the summer and sleep through the cold winter months.';
const OMITTED = 'The library will close on Friday for staff training.';
const OMITTED_AT = [1, 5];

const VOICES: F.ClipSpec[] = [
  { text: '', engine: 'espeak-ng', voice: 'en-us' },
  { text: '', engine: 'flite', voice: 'slt' },
];

describe.skipIf(!available)('content checks on two synthesis engines (issue 15)', () => {
  let pool: SpeechWorkerPool;
  beforeAll(async () => {
    pool = new SpeechWorkerPool({
      workers: 2,
      jobTimeoutMs: 60_000,
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
    const { result } = await speechRecordingScorer(pool).score(rs, wav);
    if (result.kind !== 'speech' || result.unscored) throw new Error('not scored');
    const content = result.traits.find((trait) => trait.trait === 'content');
    return { content: content?.score ?? 0, words: result.syllables };
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
