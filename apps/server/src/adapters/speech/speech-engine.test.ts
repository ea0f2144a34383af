/**
 * Synthetic regression tests of the speech engine (speech-engine.md §7.5): espeak-ng clips made at
 * run time (test-support/fixtures.ts), decoded by the real worker pool and the vendored model.
 * They check orderings and generous bounds, because espeak versions change the audio; they are
 * not evidence that the scores match human raters.
 */
import type { AlignedWord, Alignment, EngineOutcome } from '@ninety/scoring';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { speechFixturesRequired } from '../../../test/speech-fixtures';
import { SpeechEngineError } from './engine';
import { seededRandom } from './preprocess';
import { SpeechWorkerPool } from './speech-worker-pool';
import * as F from './test-support/fixtures';
import { SPEECH_SAMPLE_RATE } from './wav';

const available = F.speechToolsAvailable();
if (!available && speechFixturesRequired())
  throw new Error('espeak-ng and sox are required (apt-get install espeak-ng sox)');
if (!available) console.warn('speech engine tests skipped: install espeak-ng and sox');

/** Penalty per frame in nats (speech-engine.md §7.4). */
function penalty(word: AlignedWord): number {
  const frames = word.phones.reduce((sum, phone) => sum + phone.frames, 0);
  const logs = word.phones.reduce((sum, phone) => sum + Math.log(Math.max(phone.p, 5e-4)), 0);
  return (-1024 * logs) / Math.max(frames, 1);
}
const isWord = (word: AlignedWord) => !word.word.startsWith('<') && !word.word.startsWith('[');
function alignment(outcome: EngineOutcome): Alignment {
  if (!outcome.ok) throw new Error(`not decoded: ${outcome.reason}`);
  return outcome.alignment;
}
function wordsPerMinute(result: Alignment): number {
  const words = result.words.filter(isWord);
  const first = words[0];
  const last = words.at(-1);
  if (!first || !last) return 0;
  return (words.length / (last.start + last.duration - first.start)) * 60;
}
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
/**
 * Long readings are aligned (with skip arcs) and decoded again as free phones (issue 15), in
 * halves and whole: on a busy 2-core machine that outlasts the default 30 s. A limit, not a time
 * assertion.
 */
const LONG_READING_MS = 180_000;

// Keyword spotting decodes each piece twice (keywords, then its free phones: issue 15): on two
// busy cores these tests take longer than the suite's 30 s default. A limit, not a measurement.
const KEYWORD_TEST_MS = 120_000;

describe.skipIf(!available)('speech engine (synthetic regression tests)', () => {
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

  const referenceWords = F.READ_ALOUD.toLowerCase().match(/[a-z]+/g) ?? [];

  it('aligns a correct reading: every word, in order, with increasing times', async () => {
    const result = alignment(await pool.align(F.clip({ text: F.READ_ALOUD }), F.READ_ALOUD));
    expect(result.mode).toBe('align');
    const words = result.words.filter(isWord);
    expect(words.map((word) => word.word)).toEqual(referenceWords);
    for (let i = 1; i < words.length; i += 1)
      expect(words[i]?.start).toBeGreaterThanOrEqual((words[i - 1]?.start ?? 0) + 0.01);
    for (const word of words) {
      expect(word.phones.length).toBeGreaterThan(0);
      for (const phone of word.phones) expect(phone.frames).toBe(Math.round(phone.duration * 100));
    }
    expect(result.audioSeconds).toBeGreaterThan(5);
  });

  it('times words on the recording as made, leading silence included', async () => {
    const spoken = F.clip({ text: 'Bees make honey.' });
    const late = new Float32Array(2 * 16_000 + spoken.length);
    late.set(spoken, 2 * 16_000);
    const [first] = alignment(await pool.align(late, 'Bees make honey.')).words.filter(isWord);
    expect(first?.word).toBe('bees');
    expect(first?.start).toBeGreaterThan(1.9);
    expect(first?.start).toBeLessThan(2.5);
  });

  it('leaves omitted words out of the alignment, and only them (issue 15: skip arcs)', async () => {
    const result = alignment(
      await pool.align(F.clip({ text: F.READ_ALOUD_OMITTED }), F.READ_ALOUD),
    );
    expect(result.skippable).toBe(true);
    const words = result.words.filter(isWord).map((word) => word.word);
    expect(words).toEqual(referenceWords.filter((word) => !F.OMITTED.includes(word)));
  });

  it('decodes the free phones of a reading as the competing hypothesis (issue 15)', async () => {
    const result = alignment(await pool.align(F.clip({ text: F.READ_ALOUD }), F.READ_ALOUD));
    const free = result.free ?? [];
    expect(free.length).toBeGreaterThan(referenceWords.length);
    for (let i = 1; i < free.length; i++)
      expect(free[i]?.start).toBeGreaterThanOrEqual(free[i - 1]?.start ?? 0);
    // They cover the speech: the last free phone ends near the last word.
    const last = result.words.filter(isWord).at(-1);
    const end = free.at(-1);
    expect(Math.abs((end?.start ?? 0) + (end?.duration ?? 0) - (last?.start ?? 0))).toBeLessThan(2);
  });

  it('scores a substituted-word reading worse than the correct one', async () => {
    const [correct, substituted] = await Promise.all([
      pool.align(F.clip({ text: F.READ_ALOUD }), F.READ_ALOUD).then(alignment),
      pool.align(F.clip({ text: F.READ_ALOUD_SUBSTITUTED }), F.READ_ALOUD).then(alignment),
    ]);
    const penaltyOf = (result: Alignment, word: string) => {
      const found = result.words.find((w) => w.word === word);
      // A substituted word the grammar skipped (issue 15) was not heard at all.
      return found ? penalty(found) : Infinity;
    };
    for (const word of F.SUBSTITUTED)
      expect(penaltyOf(substituted, word)).toBeGreaterThan(penaltyOf(correct, word) + 2);
    expect(mean(substituted.words.filter(isWord).map(penalty))).toBeGreaterThan(
      mean(correct.words.filter(isWord).map(penalty)),
    );
  });

  it('orders speaking rates: slow < normal < fast', async () => {
    const rates = await Promise.all(
      [95, 150, 210].map(async (wpm) =>
        wordsPerMinute(
          alignment(await pool.align(F.clip({ text: F.READ_ALOUD, wpm }), F.READ_ALOUD)),
        ),
      ),
    );
    expect(rates[0]).toBeLessThan(rates[1] ?? 0);
    expect(rates[1]).toBeLessThan(rates[2] ?? 0);
  });

  it('shows inserted pauses as long silences', async () => {
    const result = alignment(
      await pool.align(F.clip({ text: F.READ_ALOUD_PAUSES, ssml: true }), F.READ_ALOUD),
    );
    const long = result.words.filter((word) => word.word === '<sil>' && word.duration >= 1);
    expect(long.length).toBeGreaterThanOrEqual(2);
  });

  it('aligns an unpadded espeak clip, digital silence and all (the noise floor)', async () => {
    // espeak starts and ends in exact zeros; cut right up to the speech so nothing pads it.
    const samples = F.clip({ text: F.READ_ALOUD, wpm: 180 });
    let first = 0;
    while (first < samples.length && Math.abs(samples[first] ?? 0) < 1e-3) first += 1;
    let last = samples.length - 1;
    while (last > first && Math.abs(samples[last] ?? 0) < 1e-3) last -= 1;
    const result = alignment(await pool.align(samples.subarray(first, last + 1), F.READ_ALOUD));
    expect(result.words.filter(isWord)).toHaveLength(referenceWords.length);
  });

  it(
    'aligns a long reading in two halves side by side, as one timeline close to the whole',
    async () => {
      const reading = F.clip({ text: F.LONG_READ_ALOUD, wpm: 140 });
      const whole = new SpeechWorkerPool({
        workers: 1,
        jobTimeoutMs: 60_000,
        recycleAfterJobs: 50,
        maxWorkerMb: 512,
        splitReadings: false,
      });
      try {
        const before = { ...pool.readings };
        const [halves, one] = await Promise.all([
          pool.align(reading, F.LONG_READ_ALOUD).then(alignment),
          whole.align(reading, F.LONG_READ_ALOUD).then(alignment),
        ]);
        expect(pool.readings.inHalves).toBe(before.inHalves + 1);
        expect(pool.readings.halvesDidNotMeet).toBe(before.halvesDidNotMeet);
        const words = halves.words.filter(isWord);
        const wholeWords = one.words.filter(isWord);
        expect(words.map((word) => word.word)).toEqual(wholeWords.map((word) => word.word));
        expect(halves.audioSeconds).toBe(one.audioSeconds);
        // Within 0.15 s: the skip arcs (issue 15) move a boundary here and there by a frame more.
        words.forEach((word, i) => {
          expect(Math.abs(word.start - (wholeWords[i]?.start ?? 0))).toBeLessThan(0.15);
          if (i > 0) expect(word.start).toBeGreaterThan(words[i - 1]?.start ?? 0);
        });
        // The halves' penalties run a little lower (fewer competing phones, split.ts).
        const shift = mean(words.map((word, i) => penalty(word) - penalty(wholeWords[i] ?? word)));
        expect(shift).toBeLessThan(0.2);
        expect(shift).toBeGreaterThan(-1.2);
      } finally {
        await whole.close();
      }
    },
    LONG_READING_MS,
  );

  /**
   * Aligns a recording of LONG_READ_ALOUD the clock cut off: in halves, as cut off, meeting, and
   * stopped early; what was read is the text's beginning. Returns the words read and the text's.
   */
  async function alignCutOffInHalves(cut: Float32Array): Promise<[string[], string[]]> {
    const before = { ...pool.readings };
    const result = alignment(await pool.align(cut, F.LONG_READ_ALOUD, { cutOff: true }));
    expect(pool.readings.inHalves).toBe(before.inHalves + 1);
    expect(pool.readings.cutOff).toBe(before.cutOff + 1);
    expect(pool.readings.halvesDidNotMeet).toBe(before.halvesDidNotMeet);
    expect(result.stoppedEarly).toBe(true);
    const words = result.words.filter(isWord).map((word) => word.word);
    const all = F.LONG_READ_ALOUD.toLowerCase().match(/[a-z]+/g) ?? [];
    expect(words).toEqual(all.slice(0, words.length));
    return [words, all];
  }

  it(
    'ends a long reading cut off by the time limit at its last word, the rest not read',
    async () => {
      const reading = F.clip({ text: F.LONG_READ_ALOUD, wpm: 140 });
      // The clock stops the recording mid-sentence, about 8 s before the reading's end.
      const cut = reading.slice(0, reading.length - 8 * SPEECH_SAMPLE_RATE);
      const [words, all] = await alignCutOffInHalves(cut);
      // The last ~15 words were never said.
      expect(words.length).toBeGreaterThan(all.length - 25);
      expect(words.length).toBeLessThan(all.length - 10);
    },
    LONG_READING_MS,
  );

  it(
    'a reading that ended in silence before the limit is not treated as cut off',
    async () => {
      const reading = F.clip({ text: F.LONG_READ_ALOUD, wpm: 165 });
      // Finished, then quiet (the recorder's noise floor) until the clock stopped at 40 s.
      const recording = new Float32Array(40 * SPEECH_SAMPLE_RATE);
      const random = seededRandom(3);
      for (let i = 0; i < recording.length; i += 1) recording[i] = (random() * 2 - 1) * 1e-3;
      expect(reading.length).toBeLessThan(recording.length - 2 * SPEECH_SAMPLE_RATE);
      recording.set(reading);
      const before = { ...pool.readings };
      const result = alignment(await pool.align(recording, F.LONG_READ_ALOUD, { cutOff: true }));
      expect(pool.readings.inHalves).toBe(before.inHalves + 1);
      expect(pool.readings.cutOff).toBe(before.cutOff);
      expect(result.stoppedEarly).toBeUndefined();
      expect(result.words.filter(isWord)).toHaveLength(F.LONG_READ_ALOUD.split(' ').length);
    },
    LONG_READING_MS,
  );

  it(
    'ends a slow reading the clock cut off a third of the way from its end, the rest not read',
    async () => {
      // 80 wpm: the 90 words take ~68 s; 40 s of them is about 60 % of the text.
      const reading = F.clip({ text: F.LONG_READ_ALOUD, wpm: 80 });
      const cut = reading.slice(0, 40 * SPEECH_SAMPLE_RATE);
      const [words, all] = await alignCutOffInHalves(cut);
      expect(words.length).toBeGreaterThan(all.length * 0.45);
      expect(words.length).toBeLessThan(all.length * 0.75);
    },
    LONG_READING_MS,
  );

  it(
    'still aligns a long reading whose left-out words fall near the cut',
    async () => {
      // Without "Photosynthesis" the halves disagreed about the cut word in the espeak trial and the
      // reading was aligned whole; either way every word is there and the left-out one is worst.
      const text = F.LONG_READ_ALOUD.replace('Photosynthesis is a', 'is a');
      const result = alignment(await pool.align(F.clip({ text, wpm: 140 }), F.LONG_READ_ALOUD));
      const words = result.words.filter(isWord);
      const left = words.find((word) => word.word === 'photosynthesis');
      // Aligned whole, the reading grammar skips the left-out word (issue 15); in halves, the
      // head's fixed words are all aligned and the left-out one is the worst.
      if (left) {
        expect(words).toHaveLength(F.LONG_READ_ALOUD.split(' ').length);
        expect(penalty(left)).toBeGreaterThan(8);
      } else {
        expect(words).toHaveLength(F.LONG_READ_ALOUD.split(' ').length - 1);
      }
    },
    LONG_READING_MS,
  );

  it('reports silence and noise as no speech, without decoding', async () => {
    const silence = new Float32Array(SPEECH_SAMPLE_RATE * 3);
    const random = seededRandom(7);
    const noise = silence.map(() => (random() * 2 - 1) * 0.1);
    await expect(pool.align(silence, F.READ_ALOUD)).resolves.toEqual({
      ok: false,
      reason: 'no-speech',
    });
    await expect(pool.spotKeywords(noise, F.DESCRIBE_IMAGE_KEYWORDS)).resolves.toEqual({
      ok: false,
      reason: 'no-speech',
    });
  });

  it(
    'spots most keywords in a good answer and few in an unrelated one',
    async () => {
      const found = async (text: string) => {
        const result = alignment(
          await pool.spotKeywords(F.clip({ text }), F.DESCRIBE_IMAGE_KEYWORDS),
        );
        expect(result.mode).toBe('keywords');
        return F.describeImageKeywordsIn(result.words).length;
      };
      const [good, poor] = await Promise.all([
        found(F.DESCRIBE_IMAGE_GOOD),
        found(F.DESCRIBE_IMAGE_POOR),
      ]);
      expect(good).toBeGreaterThanOrEqual(Math.ceil(F.DESCRIBE_IMAGE_KEYWORDS.length * 0.75));
      expect(poor).toBeLessThanOrEqual(Math.floor(F.DESCRIBE_IMAGE_KEYWORDS.length * 0.25));
    },
    KEYWORD_TEST_MS,
  );

  it(
    'spots a long answer in pieces as one timeline, keeping each worker small',
    async () => {
      const text = `${F.DESCRIBE_IMAGE_GOOD} ${F.DESCRIBE_IMAGE_GOOD} ${F.DESCRIBE_IMAGE_GOOD}`;
      const answer = F.clip({ text }).slice(0, 40 * 16_000);
      const result = alignment(await pool.spotKeywords(answer, F.DESCRIBE_IMAGE_KEYWORDS));
      for (let i = 1; i < result.words.length; i += 1)
        expect(result.words[i]?.start).toBeGreaterThanOrEqual(result.words[i - 1]?.start ?? 0);
      expect(result.words.at(-1)?.start).toBeGreaterThan(35);
      const found = F.describeImageKeywordsIn(result.words);
      expect(found.length).toBeGreaterThanOrEqual(
        Math.ceil(F.DESCRIBE_IMAGE_KEYWORDS.length * 0.75),
      );
      // In one piece this answer grew a worker past 900 MB. The bound is the workers' own cap
      // (SPEECH_MAX_WORKER_MB, 512): wasm memory only grows, and since readings are also decoded as
      // a free phone loop (issue 15) the earlier tests of this file leave a worker at ~410 MB.
      for (const { memory } of pool.stats()) {
        expect((memory?.wasmBytes ?? 0) / 2 ** 20).toBeLessThan(512);
      }
    },
    KEYWORD_TEST_MS,
  );

  it(
    'finds an accepted answer, and not in a wrong one',
    async () => {
      const words = async (text: string) =>
        alignment(await pool.matchAnswers(F.clip({ text }), ['honey', 'bee honey'])).words.map(
          (word) => word.word,
        );
      expect(await words('I think it is honey.')).toContain('honey');
      expect(await words('A bicycle.')).not.toContain('honey');
    },
    KEYWORD_TEST_MS,
  );
});

describe.skipIf(!available)('speech worker pool (synthetic regression tests)', () => {
  it('replaces a worker whose job times out, and the next job succeeds', async () => {
    const pool = new SpeechWorkerPool({
      workers: 1,
      // The limit counts the worker's CPU time, not waiting for a core (ADR 0024): 1.5 s is
      // several times the short clip's alignment and free phone decode, and a fraction of the
      // 80 s clip's, on a fast machine or a busy one alike.
      jobTimeoutMs: 1500,
      // A fixed limit here: the default share per audio second would let this long clip finish.
      jobTimeoutMsPerAudioSecond: 0,
      recycleAfterJobs: 50,
      maxWorkerMb: 1024,
      // One 80 s job: its halves, since their grammar is a finite-state one (issue 15), could
      // each finish inside the limit on a quiet machine.
      splitReadings: false,
    });
    try {
      await pool.whenReady();
      const long = F.clip({ text: `${F.LONG_READ_ALOUD} ${F.LONG_READ_ALOUD}`, wpm: 160 });
      const failed = pool.align(long, `${F.LONG_READ_ALOUD} ${F.LONG_READ_ALOUD}`);
      await expect(failed).rejects.toBeInstanceOf(SpeechEngineError);
      await expect(failed).rejects.toMatchObject({ code: 'timeout' });
      const short = F.clip({ text: 'Bees make honey.' });
      const next = alignment(await pool.align(short, 'Bees make honey.'));
      expect(next.words.filter(isWord).map((word) => word.word)).toEqual(['bees', 'make', 'honey']);
      expect(pool.started).toBe(2);
    } finally {
      await pool.close();
    }
  });

  it('gives each job a time limit that grows with its audio (issue 18, finding 12)', async () => {
    // 1 ms plus 2 ms per audio second: far too short for any decode, so the job times out and
    // its message names the limit it was given, which must be the one for its length.
    const pool = new SpeechWorkerPool({
      workers: 1,
      jobTimeoutMs: 1,
      jobTimeoutMsPerAudioSecond: 2,
      recycleAfterJobs: 50,
      maxWorkerMb: 1024,
      splitReadings: false,
    });
    try {
      await pool.whenReady();
      const long = F.clip({ text: F.LONG_READ_ALOUD, wpm: 160 });
      const limit = Math.round(1 + (long.length / SPEECH_SAMPLE_RATE) * 2);
      expect(limit).toBeGreaterThan(60);
      await expect(pool.align(long, F.LONG_READ_ALOUD)).rejects.toMatchObject({
        code: 'timeout',
        message: `speech job took longer than ${limit} ms`,
      });
    } finally {
      await pool.close();
    }
  });

  it('refuses a job as busy once the queue is full, and drops a queued job whose learner left', async () => {
    const pool = new SpeechWorkerPool({
      workers: 1,
      jobTimeoutMs: 30_000,
      recycleAfterJobs: 50,
      maxWorkerMb: 1024,
      maxQueued: 1,
    });
    try {
      await pool.whenReady();
      const short = F.clip({ text: 'Bees make honey.' });
      const running = pool.align(short, 'Bees make honey.');
      const left = new AbortController();
      const queued = pool.align(short, 'Bees make honey.', { signal: left.signal });
      expect(pool.queued).toBe(1);
      await expect(pool.align(short, 'Bees make honey.')).rejects.toMatchObject({ code: 'busy' });
      left.abort();
      await expect(queued).rejects.toMatchObject({ code: 'aborted' });
      expect(pool.queued).toBe(0);
      // The job already decoding is not disturbed, and the freed place takes a new job.
      expect((await running).ok).toBe(true);
      expect((await pool.align(short, 'Bees make honey.')).ok).toBe(true);
      const gone = new AbortController();
      gone.abort();
      await expect(
        pool.align(short, 'Bees make honey.', { signal: gone.signal }),
      ).rejects.toMatchObject({ code: 'aborted' });
      expect(pool.started).toBe(1);
    } finally {
      await pool.close();
    }
  });

  it('warms up by loading the model, and says so when it cannot', async () => {
    const pool = new SpeechWorkerPool({
      workers: 1,
      jobTimeoutMs: 30_000,
      recycleAfterJobs: 50,
      maxWorkerMb: 1024,
    });
    const broken = new SpeechWorkerPool({
      workers: 1,
      jobTimeoutMs: 30_000,
      recycleAfterJobs: 50,
      maxWorkerMb: 1024,
      modelBase: '/nonexistent/speech-model/',
    });
    try {
      await pool.warmUp();
      expect(pool.stats().map((worker) => worker.ready)).toEqual([true]);
      await expect(broken.warmUp()).rejects.toMatchObject({ code: 'engine-error' });
      expect(broken.lastStartFailure).toBeTruthy();
    } finally {
      await Promise.all([pool.close(), broken.close()]);
    }
  });

  it('recycles a worker after its job allowance', async () => {
    const pool = new SpeechWorkerPool({
      workers: 1,
      jobTimeoutMs: 30_000,
      recycleAfterJobs: 1,
      maxWorkerMb: 1024,
    });
    try {
      const short = F.clip({ text: 'Bees make honey.' });
      expect((await pool.align(short, 'Bees make honey.')).ok).toBe(true);
      expect((await pool.align(short, 'Bees make honey.')).ok).toBe(true);
      expect(pool.started).toBe(3);
      await expect(pool.close()).resolves.toBeUndefined();
      await expect(pool.align(short, 'Bees make honey.')).rejects.toMatchObject({
        code: 'closed',
      });
    } finally {
      await pool.close();
    }
  });
});
