import { describe, expect, it } from 'vitest';
import { encodeWav, readWavInfo } from './wav';

describe('encodeWav', () => {
  it('writes a canonical 44-byte RIFF header for 16 kHz mono PCM16', () => {
    const buffer = encodeWav(new Float32Array(16000));
    const bytes = new Uint8Array(buffer);
    const view = new DataView(buffer);
    const text = (from: number) => String.fromCharCode(...bytes.slice(from, from + 4));
    expect(buffer.byteLength).toBe(44 + 32000);
    expect(text(0)).toBe('RIFF');
    expect(view.getUint32(4, true)).toBe(36 + 32000);
    expect(text(8)).toBe('WAVE');
    expect(text(12)).toBe('fmt ');
    expect(view.getUint32(16, true)).toBe(16);
    expect(view.getUint16(20, true)).toBe(1);
    expect(view.getUint16(22, true)).toBe(1);
    expect(view.getUint32(24, true)).toBe(16000);
    expect(view.getUint32(28, true)).toBe(32000);
    expect(view.getUint16(32, true)).toBe(2);
    expect(view.getUint16(34, true)).toBe(16);
    expect(text(36)).toBe('data');
    expect(view.getUint32(40, true)).toBe(32000);
  });

  it('stores samples as little-endian 16-bit integers, clipping beyond full scale', () => {
    const view = new DataView(encodeWav(Float32Array.from([0, 1, -1, 0.5, 2, -3])));
    expect([0, 1, 2, 3, 4, 5].map((i) => view.getInt16(44 + i * 2, true))).toEqual([
      0, 32767, -32768, 16383, 32767, -32768,
    ]);
  });

  it('reads back what it wrote', () => {
    expect(readWavInfo(encodeWav(new Float32Array(24000)))).toEqual({
      channels: 1,
      sampleRate: 16000,
      bitsPerSample: 16,
      frames: 24000,
      durationSeconds: 1.5,
    });
  });

  it('does not take other bytes for a WAV', () => {
    expect(readWavInfo(new ArrayBuffer(10))).toBeNull();
    expect(readWavInfo(new TextEncoder().encode('x'.repeat(64)).buffer)).toBeNull();
  });
});
