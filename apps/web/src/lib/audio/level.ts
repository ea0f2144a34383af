/** Loudness of a block of samples, for the level meter and the silence detector. */
export interface Level {
  /** Root mean square, 0…1. */
  rms: number;
  /** Largest absolute sample, 0…1. */
  peak: number;
}

export function measureLevel(samples: Float32Array): Level {
  let sum = 0;
  let peak = 0;
  for (const sample of samples) {
    sum += sample * sample;
    const size = Math.abs(sample);
    if (size > peak) peak = size;
  }
  return { rms: samples.length ? Math.sqrt(sum / samples.length) : 0, peak };
}

/** Decibels relative to full scale; silence is −Infinity. */
export function toDbfs(amplitude: number): number {
  return 20 * Math.log10(amplitude);
}

/**
 * A meter position 0…1 from an RMS: −60 dBFS and below is empty, 0 dBFS full. Linear in dB,
 * because a linear amplitude scale leaves normal speech (−30…−15 dBFS) near the bottom.
 */
export function meterFraction(rms: number, floorDb = -60): number {
  if (!(rms > 0)) return 0;
  return Math.max(0, Math.min(1, 1 - toDbfs(rms) / floorDb));
}

/** The waveform strip: the newest level appended, the oldest dropped beyond `size`. */
export function pushWaveform(history: readonly number[], value: number, size: number): number[] {
  const next = [...history, value];
  return next.length > size ? next.slice(next.length - size) : next;
}
