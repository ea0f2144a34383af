import { describe, expect, it } from 'vitest';
import { WavError, encodeWav, parseWav, type WavErrorCode } from './wav';

/** A WAV header with any format fields, for the refusal table. */
function wav(
  fields: { format?: number; channels?: number; rate?: number; bits?: number } = {},
  samples = 160,
  extraChunk = false,
): Buffer {
  const { format = 1, channels = 1, rate = 16000, bits = 16 } = fields;
  const data = Buffer.alloc(samples * channels * (bits / 8));
  const extra = extraChunk
    ? Buffer.concat([Buffer.from('LIST'), Buffer.from([3, 0, 0, 0, 1, 2, 3, 0])])
    : Buffer.alloc(0);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + extra.length + data.length, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(format, 20);
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE((rate * channels * bits) / 8, 28);
  header.writeUInt16LE((channels * bits) / 8, 32);
  header.writeUInt16LE(bits, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  const head = header.subarray(0, 36);
  return Buffer.concat([head, extra, header.subarray(36), data]);
}

describe('parseWav', () => {
  it.each<[string, Buffer, WavErrorCode]>([
    ['an MP3 upload', Buffer.from('ID3\u0004 not a wave file at all'), 'not-wav'],
    ['a RIFF that is not WAVE', Buffer.from('RIFF\u0000\u0000\u0000\u0000AVI LIST'), 'not-wav'],
    ['a truncated header', Buffer.from('RIFF'), 'not-wav'],
    ['float samples', wav({ format: 3, bits: 32 }), 'not-pcm16'],
    ['8-bit PCM', wav({ bits: 8 }), 'not-pcm16'],
    ['stereo', wav({ channels: 2 }), 'not-mono'],
    ['44.1 kHz', wav({ rate: 44100 }), 'wrong-sample-rate'],
    ['no samples', wav({}, 0), 'empty'],
    ['31 s when 30 are allowed', wav({}, 16000 * 31), 'too-long'],
  ])('refuses %s', (_label, buffer, code) => {
    let error: unknown;
    try {
      parseWav(buffer, { maxSeconds: 30 });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(WavError);
    expect((error as WavError).code).toBe(code);
    expect((error as WavError).message).toMatch(/[\u4e00-\u9fff]/);
  });

  it('reads 16 kHz mono PCM16, skipping other chunks (odd sizes padded)', () => {
    const samples = parseWav(wav({}, 1600, true), { maxSeconds: 30 });
    expect(samples).toHaveLength(1600);
  });

  it('round-trips encodeWav, and reads a streaming header (size 0) to the end', () => {
    const input = Float32Array.from({ length: 800 }, (_, i) => Math.sin(i / 10) * 0.5);
    const encoded = encodeWav(input);
    const decoded = parseWav(encoded, { maxSeconds: 1 });
    expect(decoded).toHaveLength(800);
    decoded.forEach((value, i) => expect(value).toBeCloseTo(input[i] ?? 0, 4));
    encoded.writeUInt32LE(0, 40);
    expect(parseWav(encoded, { maxSeconds: 1 })).toHaveLength(800);
  });
});
