import { describe, expect, it } from 'vitest';
import { CLIPPED_SHARE, KEEP_SILENCE_SECONDS, preprocess, seededRandom } from './preprocess';

const RATE = 16000;
const dbfsToAmplitude = (db: number) => 10 ** (db / 20);

/**
 * A synthetic recording: `lead` s of background, `speech` s of a voiced-like signal (a 150 Hz
 * pulse with harmonics, switching on and off like syllables) at `level` dBFS RMS, `tail` s of
 * background; background is seeded noise at `noise` dBFS RMS (-Infinity: digital silence).
 */
function recording({
  lead = 1,
  speech = 2,
  tail = 1,
  level = -20,
  noise = -70,
  dc = 0,
  gain = 1,
}: Partial<Record<'lead' | 'speech' | 'tail' | 'level' | 'noise' | 'dc' | 'gain', number>>) {
  const random = seededRandom(42);
  const total = Math.round((lead + speech + tail) * RATE);
  const out = new Float32Array(total);
  const noiseAmp = Number.isFinite(noise) ? dbfsToAmplitude(noise) * Math.sqrt(3) : 0;
  // Three harmonics of equal amplitude a have RMS a·sqrt(3/2).
  const amp = dbfsToAmplitude(level) / Math.sqrt(1.5);
  for (let i = 0; i < total; i += 1) {
    const t = i / RATE;
    let value = (random() * 2 - 1) * noiseAmp + dc;
    if (t >= lead && t < lead + speech && Math.floor((t - lead) / 0.25) % 4 !== 3) {
      value +=
        amp *
        (Math.sin(2 * Math.PI * 150 * t) +
          Math.sin(2 * Math.PI * 300 * t) +
          Math.sin(2 * Math.PI * 450 * t));
    }
    out[i] = Math.max(-1, Math.min(1, value * gain));
  }
  return out;
}

describe('preprocess', () => {
  it.each([
    ['digital silence', new Float32Array(RATE * 3), 'no-speech'],
    ['steady noise', recording({ speech: 0, noise: -25 }), 'no-speech'],
    ['a 50 ms click', recording({ speech: 0.05 }), 'no-speech'],
    ['nothing at all', new Float32Array(0), 'no-speech'],
    ['speech at -52 dBFS', recording({ level: -52, noise: -85 }), 'too-quiet'],
    ['speech driven into the rails', recording({ level: -20, gain: 20 }), 'clipped'],
  ] as const)('refuses %s as %s', (_label, input, reason) => {
    expect(preprocess(input)).toEqual({ ok: false, reason });
  });

  it('accepts normal speech and keeps 0.3 s of silence either side', () => {
    const result = preprocess(recording({ lead: 1, speech: 2, tail: 1 }));
    if (!result.ok) throw new Error(result.reason);
    // The last syllable ends 0.25 s before the speech span does (the on/off pattern).
    const expected = 2 - 0.25 + 2 * KEEP_SILENCE_SECONDS;
    expect(result.samples.length / RATE).toBeCloseTo(expected, 1);
    expect(result.offsetSeconds).toBeCloseTo(1 - KEEP_SILENCE_SECONDS, 1);
    expect(result.speechDbfs).toBeGreaterThan(-23);
    expect(result.speechDbfs).toBeLessThan(-17);
  });

  it('tolerates a few clipped peaks below the clipping share', () => {
    const input = recording({});
    // Clip a handful of samples: far below CLIPPED_SHARE of the speech.
    for (let i = 0; i < 20; i += 1) input[RATE + i * 997] = 1;
    expect(20 / (RATE * 1.5)).toBeLessThan(CLIPPED_SHARE);
    expect(preprocess(input).ok).toBe(true);
  });

  it('pads speech that starts and ends at the edges, and fills digital silence with the noise floor', () => {
    const result = preprocess(recording({ lead: 0, tail: 0, noise: -Infinity }));
    if (!result.ok) throw new Error(result.reason);
    expect(result.offsetSeconds).toBeCloseTo(-KEEP_SILENCE_SECONDS, 2);
    const head = result.samples.subarray(0, RATE * 0.2);
    expect(head.some((value) => value !== 0)).toBe(true);
    expect(Math.max(...head.map(Math.abs))).toBeLessThanOrEqual(2e-3);
  });

  it('removes a DC offset', () => {
    const result = preprocess(recording({ dc: 0.2 }));
    if (!result.ok) throw new Error(result.reason);
    const mean = result.samples.reduce((a, b) => a + b, 0) / result.samples.length;
    expect(Math.abs(mean)).toBeLessThan(0.01);
  });

  it('is deterministic: the same recording gives the same samples', () => {
    const input = recording({});
    const a = preprocess(input);
    const b = preprocess(input);
    if (!a.ok || !b.ok) throw new Error('refused');
    expect(Buffer.from(a.samples.buffer).equals(Buffer.from(b.samples.buffer))).toBe(true);
  });
});
