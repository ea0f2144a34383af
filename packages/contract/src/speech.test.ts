import { describe, expect, it } from 'vitest';
import { AttemptResultSchema } from './attempts';
import { scoringProfiles } from './item-types/scoring-profiles';
import {
  defaultWordColorBands,
  SpeakingAnswerSchema,
  SpeechResultSchema,
  type SpeechResult,
} from './speech';

const empty: SpeechResult = {
  kind: 'speech',
  score: 0,
  max: 13,
  total_score: 0,
  estimate: 10,
  syllables: [],
  pauses: [],
  wpm: 0,
  traits: [],
  gatedBy: null,
  unscored: { reason: 'no-speech', messageZh: '没有听清' },
};

describe('speech contract', () => {
  it('spec §3 default colour bands: 85–100 green (2), 70–85 dark grey (1), 0–70 red (0)', () => {
    expect(defaultWordColorBands.map((band) => [band.start, band.end, band.status])).toEqual([
      [85, 100, 2],
      [70, 85, 1],
      [0, 70, 0],
    ]);
  });

  it('a speaking answer is a recording with its duration', () => {
    expect(
      SpeakingAnswerSchema.safeParse({ recording: { url: '/media/a.wav', durationSeconds: 12.5 } })
        .success,
    ).toBe(true);
    expect(SpeakingAnswerSchema.safeParse({ recording: { url: '' } }).success).toBe(false);
  });

  it('a speech result is an attempt result, told apart by kind', () => {
    expect(AttemptResultSchema.parse(empty)).toEqual(empty);
    expect(SpeechResultSchema.safeParse({ ...empty, estimate: 95 }).success).toBe(false);
    expect(SpeechResultSchema.safeParse({ ...empty, total_score: 5.5 }).success).toBe(false);
  });

  it.each(Object.values(scoringProfiles))(
    '$id: the estimate weights of each speaking type add up to 1 (speech-engine.md §7.4)',
    (profile) => {
      for (const weights of Object.values(profile.speaking.estimateWeights)) {
        expect(weights.content + weights.fluency + weights.pronunciation).toBeCloseTo(1, 10);
      }
    },
  );
});
