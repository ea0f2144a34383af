import { describe, expect, it } from 'vitest';
import { createResampler, resample, resampleBlock } from './resample';

const sine = (frequency: number, rate: number, seconds: number) =>
  Float32Array.from({ length: Math.round(rate * seconds) }, (_, i) =>
    Math.sin((2 * Math.PI * frequency * i) / rate),
  );

const rms = (samples: Float32Array, from = 0, to = samples.length) => {
  let sum = 0;
  for (let i = from; i < to; i++) sum += samples[i]! ** 2;
  return Math.sqrt(sum / (to - from));
};

describe('resample', () => {
  it('keeps 16 kHz as it is', () => {
    const input = sine(440, 16000, 0.1);
    expect(resample(input, 16000, 16000)).toEqual(input);
  });

  it.each([48000, 44100, 22050, 8000])(
    'turns one second at %i Hz into one second at 16 kHz',
    (rate) => {
      const output = resample(sine(440, rate, 1), rate, 16000);
      expect(Math.abs(output.length - 16000)).toBeLessThanOrEqual(1);
    },
  );

  it('keeps a speech-band tone: 440 Hz at 48 kHz matches the same tone made at 16 kHz', () => {
    const output = resample(sine(440, 48000, 0.5), 48000, 16000);
    const expected = sine(440, 16000, 0.5);
    for (let i = 10; i < output.length - 10; i++) {
      expect(Math.abs(output[i]! - expected[i]!)).toBeLessThan(0.02);
    }
  });

  it('damps a tone above the new Nyquist frequency', () => {
    const output = resample(sine(10000, 48000, 0.5), 48000, 16000);
    expect(rms(output, 10, output.length - 10)).toBeLessThan(0.6 * Math.SQRT1_2);
  });

  it('gives the same samples block by block (128-frame worklet blocks) as all at once', () => {
    for (const rate of [48000, 44100, 8000]) {
      const input = sine(300, rate, 0.3);
      let state = createResampler(rate, 16000);
      const parts: number[] = [];
      for (let offset = 0; offset < input.length; offset += 128) {
        const last = offset + 128 >= input.length;
        const step = resampleBlock(state, input.subarray(offset, offset + 128), last);
        state = step.state;
        parts.push(...step.output);
      }
      const whole = resample(input, rate, 16000);
      expect(parts.length).toBe(whole.length);
      parts.forEach((value, i) => expect(value).toBeCloseTo(whole[i]!, 5));
    }
  });

  it('refuses a rate of zero', () => {
    expect(() => createResampler(0, 16000)).toThrow(RangeError);
  });
});
