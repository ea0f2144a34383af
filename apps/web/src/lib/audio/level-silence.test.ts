import { describe, expect, it } from 'vitest';
import { measureLevel, meterFraction, pushWaveform, toDbfs } from './level';
import { advanceSilence, initialSilenceState, type SilenceOptions } from './silence';

describe('levels', () => {
  it('measures RMS and peak', () => {
    expect(measureLevel(Float32Array.from([0.5, -0.5, 0.5, -0.5]))).toEqual({
      rms: 0.5,
      peak: 0.5,
    });
    expect(measureLevel(Float32Array.from([0, -1, 0, 0]))).toEqual({ rms: 0.5, peak: 1 });
    expect(measureLevel(new Float32Array(0))).toEqual({ rms: 0, peak: 0 });
  });

  it('scales the meter in decibels', () => {
    expect(toDbfs(1)).toBe(0);
    expect(meterFraction(1)).toBe(1);
    expect(meterFraction(0)).toBe(0);
    expect(meterFraction(0.001)).toBe(0);
    expect(meterFraction(Math.pow(10, -30 / 20))).toBeCloseTo(0.5);
  });

  it('keeps the newest waveform values', () => {
    expect(pushWaveform([1, 2, 3], 4, 3)).toEqual([2, 3, 4]);
    expect(pushWaveform([], 1, 3)).toEqual([1]);
  });
});

describe('advanceSilence', () => {
  const options: SilenceOptions = { maxSeconds: 10, silenceCutoffSeconds: 3 };
  const run = (blocks: { rms: number; seconds: number }[], opts = options) => {
    let state = initialSilenceState;
    for (const [index, block] of blocks.entries()) {
      const step = advanceSilence(state, block, opts);
      state = step.state;
      if (step.stop) return { stop: step.stop, at: index, state };
    }
    return { stop: null, at: -1, state };
  };
  const blocks = (count: number, rms: number) =>
    Array.from({ length: count }, () => ({ rms, seconds: 0.05 }));

  it('does not stop for silence before the learner has spoken', () => {
    expect(run(blocks(100, 0)).stop).toBeNull();
  });

  it('stops 3 s after speech ends', () => {
    const result = run([...blocks(40, 0), ...blocks(20, 0.1), ...blocks(100, 0)]);
    expect(result.stop).toBe('silence');
    // 2 s quiet + 1 s speech + 3 s silence = the 120th block.
    expect(result.at).toBe(119);
    expect(result.state.elapsedSeconds).toBeCloseTo(6);
  });

  it('restarts the silence count when speech resumes', () => {
    const result = run([...blocks(20, 0.1), ...blocks(50, 0), ...blocks(4, 0.1), ...blocks(50, 0)]);
    expect(result.stop).toBeNull();
    expect(result.state.silentSeconds).toBeCloseTo(2.5);
  });

  it('does not take a click for speech', () => {
    expect(run([...blocks(2, 0.5), ...blocks(100, 0)]).stop).toBeNull();
  });

  it('stops at the maximum time even while the learner speaks', () => {
    const result = run(blocks(400, 0.1));
    expect(result.stop).toBe('max-time');
    expect(result.state.elapsedSeconds).toBeCloseTo(10);
  });
});
