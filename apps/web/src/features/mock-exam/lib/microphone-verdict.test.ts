import { describe, expect, it } from 'vitest';
import { CAPTURE_SAMPLE_RATE } from '../../../lib/audio/wav';
import { judgeMicrophone, microphonePasses } from './microphone-verdict';

/** A recording of `seconds` at 16 kHz: a tone of `amplitude` for `toneSeconds`, then `floor`. */
function recording(seconds: number, toneSeconds: number, amplitude: number, floor = 0) {
  const samples = new Float32Array(seconds * CAPTURE_SAMPLE_RATE);
  for (let i = 0; i < samples.length; i += 1) {
    const isTone = i < toneSeconds * CAPTURE_SAMPLE_RATE;
    samples[i] = isTone
      ? amplitude * Math.sin((2 * Math.PI * 220 * i) / CAPTURE_SAMPLE_RATE)
      : floor * (i % 2 ? 1 : -1);
  }
  return samples;
}

describe('the microphone check refuses a microphone that records no speech', () => {
  it('refuses digital silence (a muted or dead input)', () => {
    const check = judgeMicrophone(new Float32Array(5 * CAPTURE_SAMPLE_RATE));
    expect(check.verdict).toBe('silent');
    expect(microphonePasses(check)).toBe(false);
  });

  it('refuses room hiss with no speech in it', () => {
    const check = judgeMicrophone(recording(5, 0, 0, 0.002));
    expect(check.verdict).toBe('too-quiet');
    expect(microphonePasses(check)).toBe(false);
  });

  it('refuses a click too short to be speech', () => {
    expect(judgeMicrophone(recording(5, 0.2, 0.3, 0.001)).verdict).toBe('too-quiet');
  });

  it('passes a few seconds of speech-level sound', () => {
    const check = judgeMicrophone(recording(5, 2, 0.2, 0.001));
    expect(check.verdict).toBe('ok');
    expect(check.speechSeconds).toBeCloseTo(2, 1);
    expect(microphonePasses(check)).toBe(true);
  });

  it('passes a loud, clipping microphone with advice', () => {
    const clipped = recording(5, 3, 1.5).map((sample) => Math.max(-1, Math.min(1, sample)));
    const check = judgeMicrophone(clipped);
    expect(check.verdict).toBe('clipping');
    expect(microphonePasses(check)).toBe(true);
  });
});
