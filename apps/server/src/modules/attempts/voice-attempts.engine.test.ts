import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { ItemOf } from '@ninety/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { buildApp } from '../../app';
import type { Database } from '../../db/client';
import * as F from '../../adapters/speech/test-support/fixtures';
import { encodeWav, SPEECH_SAMPLE_RATE } from '../../adapters/speech/wav';
import { createLearner } from '../../../test/factories';
import { bankItem, seedItems } from '../../../test/bank';
import { speechFixturesRequired } from '../../../test/speech-fixtures';
import { openTestDatabase, testClock, testConfig } from '../../../test/test-app';

/**
 * A spoken attempt through the API with the real speech engine (worker pool, vendored model) and
 * the speaking scorers, on espeak-ng clips made at run time: synthetic regression checks of the
 * whole path, asserting orderings and bounds rather than exact scores.
 */
const available = F.speechToolsAvailable();
if (!available && speechFixturesRequired())
  throw new Error('espeak-ng and sox are required (apt-get install espeak-ng sox)');

const ra = bankItem('RA', 1) as ItemOf<'RA'>;
const words = ra.content.text.split(/\s+/);
/** The longest reading the bank allows, about 40 s at 140 wpm. */
const longRa = bankItem('RA', 2) as ItemOf<'RA'>;
longRa.content = { ...longRa.content, text: F.LONG_READ_ALOUD };

let app: App;
let database: Database;
let token: string;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp(testConfig({ SPEECH_WORKERS: '1', SPEECH_MAX_WORKER_MB: '512' }), {
    database,
    clock: testClock(),
  });
  await seedItems(database.db, [ra, longRa]);
  ({ token } = await createLearner(database.db, { now: testClock().now() }));
}, 60_000);
afterAll(async () => {
  await app.close();
});

async function speak(
  text: string,
  item = ra,
  payload: Buffer = readFileSync(F.clipFile({ text })),
) {
  const response = await app.inject({
    method: 'POST',
    url: `/api/posts/examedVoice?itemId=${item.id}&timeSpentSeconds=30&idempotencyKey=${randomUUID()}`,
    headers: { token, 'content-type': 'audio/wav' },
    payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.attempt;
}

describe.skipIf(!available)('POST /api/posts/examedVoice with the speech engine', () => {
  it('a correct reading: every word heard, a coloured syllable per word, a stored recording', async () => {
    const attempt = await speak(ra.content.text);
    expect(attempt.result.kind).toBe('speech');
    expect(attempt.result.unscored).toBeUndefined();
    expect(attempt.result.syllables).toHaveLength(words.length);
    const omitted = attempt.result.syllables.filter((s: { omitted: boolean }) => s.omitted);
    expect(omitted.length).toBeLessThanOrEqual(1);
    expect(attempt.result.estimate).toBeGreaterThanOrEqual(50);
    expect(attempt.answer.recording.url).toMatch(
      /^\/files\/recordings\/.+\.wav\?expires=\d+&signature=/,
    );
  }, 60_000);

  it('leaving out a third of the words scores lower on content than reading them all', async () => {
    const full = await speak(ra.content.text);
    const cut = await speak(words.filter((_, index) => index % 3 !== 1).join(' '));
    const content = (attempt: { result: { traits: { trait: string; score: number }[] } }) =>
      attempt.result.traits.find((trait) => trait.trait === 'content')?.score ?? 0;
    expect(content(cut)).toBeLessThan(content(full));
    expect(cut.result.estimate).toBeLessThan(full.result.estimate);
  }, 90_000);

  it('a reading that stops after the first sentence is still scored, lower on content', async () => {
    // Forced alignment squeezes the unsaid words into the last frames (flagged as omitted) or,
    // when they cannot fit, fails; the engine then decodes the text's first words only and the
    // scorer marks the rest as not said. Either way the learner gets a score, not "没有听清".
    const firstSentence = ra.content.text.split(/(?<=\.)\s/)[0]!;
    const cut = await speak(firstSentence);
    const full = await speak(ra.content.text);
    expect(cut.result.unscored).toBeUndefined();
    expect(cut.result.syllables).toHaveLength(words.length);
    const omitted = (attempt: { result: { syllables: { omitted: boolean }[] } }) =>
      attempt.result.syllables.filter((syllable) => syllable.omitted).length;
    expect(omitted(cut)).toBeGreaterThan(omitted(full));
    expect(cut.result.estimate).toBeLessThan(full.result.estimate);
  }, 90_000);

  it('a long reading the 40 s limit cut off: the words after the cut are not heard, the rest scored', async () => {
    // 4 s before the learner starts, then a 41 s reading: the recorder stops at 40 s.
    const reading = F.clip({ text: F.LONG_READ_ALOUD, wpm: 140 });
    const recording = new Float32Array(40 * SPEECH_SAMPLE_RATE);
    recording.set(
      reading.subarray(0, recording.length - 4 * SPEECH_SAMPLE_RATE),
      4 * SPEECH_SAMPLE_RATE,
    );
    const attempt = await speak(F.LONG_READ_ALOUD, longRa, encodeWav(recording));
    expect(attempt.result.unscored).toBeUndefined();
    const syllables: { omitted: boolean }[] = attempt.result.syllables;
    expect(syllables).toHaveLength(F.LONG_READ_ALOUD.split(/\s+/).length);
    // About 5 s of the reading, a dozen words, never made it into the recording.
    const lastSaid = syllables.findLastIndex((syllable) => !syllable.omitted);
    expect(syllables.length - 1 - lastSaid).toBeGreaterThanOrEqual(6);
    expect(syllables.length - 1 - lastSaid).toBeLessThanOrEqual(18);
    expect(syllables.slice(0, lastSaid).filter((s) => s.omitted).length).toBeLessThanOrEqual(2);
  }, 90_000);

  it('silence is "没有听清", stored as the learner made it, not an error', async () => {
    const silence = Buffer.alloc(44 + 3 * 32_000);
    silence.write('RIFF', 0, 'latin1');
    silence.writeUInt32LE(36 + 3 * 32_000, 4);
    silence.write('WAVEfmt ', 8, 'latin1');
    silence.writeUInt32LE(16, 16);
    silence.writeUInt16LE(1, 20);
    silence.writeUInt16LE(1, 22);
    silence.writeUInt32LE(16_000, 24);
    silence.writeUInt32LE(32_000, 28);
    silence.writeUInt16LE(2, 32);
    silence.writeUInt16LE(16, 34);
    silence.write('data', 36, 'latin1');
    silence.writeUInt32LE(3 * 32_000, 40);
    const response = await app.inject({
      method: 'POST',
      url: `/api/posts/examedVoice?itemId=${ra.id}&timeSpentSeconds=5&idempotencyKey=${randomUUID()}`,
      headers: { token, 'content-type': 'audio/wav' },
      payload: silence,
    });
    expect(response.statusCode, response.body).toBe(200);
    const { result } = response.json().data.attempt;
    expect(result.unscored.reason).toBe('no-speech');
    expect(result.unscored.messageZh).toContain('没有听清');
  }, 30_000);

  it('a 44.1 kHz recording is refused with the reason (40001)', async () => {
    const wav = Buffer.from(readFileSync(F.clipFile({ text: 'hello' })));
    wav.writeUInt32LE(44_100, 24);
    const response = await app.inject({
      method: 'POST',
      url: `/api/posts/examedVoice?itemId=${ra.id}&timeSpentSeconds=5&idempotencyKey=${randomUUID()}`,
      headers: { token, 'content-type': 'audio/wav' },
      payload: wav,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toContain('16 kHz');
  });
});
