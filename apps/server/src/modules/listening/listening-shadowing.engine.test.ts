import { readFileSync } from 'node:fs';
import { listeningPaths } from '@ninety/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { buildApp } from '../../app';
import * as F from '../../adapters/speech/test-support/fixtures';
import { createLearner } from '../../../test/factories';
import { speechFixturesRequired } from '../../../test/speech-fixtures';
import { openTestDatabase, testClock, testConfig } from '../../../test/test-app';

/**
 * Shadowing through the API with the real speech engine: a sentence said (an espeak-ng clip made
 * at run time) is scored against that sentence, words coloured as in practice, and a sentence
 * said wrong enters the review deck as a shadowing card.
 */
const available = F.speechToolsAvailable();
if (!available && speechFixturesRequired())
  throw new Error('espeak-ng and sox are required (apt-get install espeak-ng sox)');

const LECTURE = 'lp-0001';
const SENTENCE = 'This difference is known as the urban heat island effect.';

let app: App;
let token: string;

beforeAll(async () => {
  const database = await openTestDatabase();
  const clock = testClock();
  app = await buildApp(testConfig({ SPEECH_WORKERS: '1', SPEECH_MAX_WORKER_MB: '512' }), {
    database,
    clock,
  });
  ({ token } = await createLearner(database.db, { now: clock.now() }));
}, 60_000);
afterAll(async () => {
  await app.close();
});

const shadow = (text: string) =>
  app.inject({
    method: 'POST',
    url: listeningPaths.shadowing(LECTURE, 1),
    headers: { token, 'content-type': 'audio/wav' },
    payload: readFileSync(F.clipFile({ text })),
  });

describe.skipIf(!available)('shadowing with the speech engine', () => {
  it('scores the sentence said, with its words, and keeps the take to play back', async () => {
    const response = await shadow(SENTENCE);
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({ materialId: LECTURE, index: 1, passed: true, review: null });
    expect(data.result.kind).toBe('speech');
    expect(data.result.syllables.map((s: { word: string }) => s.word.toLowerCase())).toEqual(
      expect.arrayContaining(['difference', 'urban', 'island']),
    );
    expect(data.score / data.max).toBeGreaterThanOrEqual(0.6);
    expect(data.recordingUrl).toMatch(/listening-lp-0001-1\.wav\?expires=/);
    expect(data.progress.sentences).toEqual([
      expect.objectContaining({
        index: 1,
        shadowing: expect.objectContaining({ score: data.score }),
      }),
    ]);
    expect((await app.inject({ method: 'GET', url: data.recordingUrl })).statusCode).toBe(200);
  }, 180_000);

  it('a sentence said wrong scores lower and enters the deck as a shadowing card', async () => {
    const right = (await shadow(SENTENCE)).json().data;
    const wrong = (await shadow('The weather was cold and rainy all week long.')).json().data;
    expect(wrong.score).toBeLessThan(right.score);
    expect(wrong.passed).toBe(false);
    const deck = (
      await app.inject({ method: 'GET', url: listeningPaths.reviewDeck, headers: { token } })
    ).json().data;
    expect(deck.list).toEqual([
      expect.objectContaining({
        kind: 'sentence',
        mode: 'shadowing',
        sentence: expect.objectContaining({ index: 1 }),
      }),
    ]);
  }, 300_000);
});
