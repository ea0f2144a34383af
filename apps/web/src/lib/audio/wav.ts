/**
 * PCM16 mono WAV, the one format the scorer accepts (speech-engine §7.2: no codecs on the server,
 * which parses RIFF and rejects anything else). 16 kHz × 2 bytes = 32 KB per second.
 */

export const CAPTURE_SAMPLE_RATE = 16000;
const HEADER_BYTES = 44;

/** Encodes float samples (−1…1, clipped) as a 16-bit mono WAV file. */
export function encodeWav(samples: Float32Array, sampleRate = CAPTURE_SAMPLE_RATE): ArrayBuffer {
  const dataBytes = samples.length * 2;
  const buffer = new ArrayBuffer(HEADER_BYTES + dataBytes);
  const view = new DataView(buffer);
  const ascii = (offset: number, text: string) => {
    for (let i = 0; i < text.length; i++) view.setUint8(offset + i, text.charCodeAt(i));
  };
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + dataBytes, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true); // fmt chunk size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true); // byte rate
  view.setUint16(32, 2, true); // block align
  view.setUint16(34, 16, true); // bits per sample
  ascii(36, 'data');
  view.setUint32(40, dataBytes, true);
  for (let i = 0; i < samples.length; i++) {
    const value = Math.max(-1, Math.min(1, samples[i]!));
    view.setInt16(HEADER_BYTES + i * 2, value < 0 ? value * 0x8000 : value * 0x7fff, true);
  }
  return buffer;
}

export interface WavInfo {
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
  /** Samples per channel. */
  frames: number;
  durationSeconds: number;
}

/** Reads the header of a canonical PCM WAV (as encodeWav writes it); null when it is not one. */
export function readWavInfo(buffer: ArrayBuffer): WavInfo | null {
  if (buffer.byteLength < HEADER_BYTES) return null;
  const view = new DataView(buffer);
  const ascii = (offset: number) => String.fromCharCode(...new Uint8Array(buffer, offset, 4));
  if (ascii(0) !== 'RIFF' || ascii(8) !== 'WAVE' || ascii(12) !== 'fmt ' || ascii(36) !== 'data')
    return null;
  if (view.getUint16(20, true) !== 1) return null;
  const channels = view.getUint16(22, true);
  const sampleRate = view.getUint32(24, true);
  const bitsPerSample = view.getUint16(34, true);
  const dataBytes = view.getUint32(40, true);
  const frames = dataBytes / (channels * (bitsPerSample / 8));
  return { channels, sampleRate, bitsPerSample, frames, durationSeconds: frames / sampleRate };
}
