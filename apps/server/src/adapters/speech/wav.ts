/**
 * RIFF/WAVE parsing for learners' recordings. The browser records 16 kHz mono PCM16 (design §6,
 * speech-engine.md §7.2), so the server needs no codec: anything else is refused with a typed
 * error whose message can be shown to the learner as it is.
 */

export const SPEECH_SAMPLE_RATE = 16_000;

export type WavErrorCode =
  'not-wav' | 'not-pcm16' | 'not-mono' | 'wrong-sample-rate' | 'empty' | 'too-long';

const MESSAGES: Record<WavErrorCode, string> = {
  'not-wav': '录音文件不是 WAV 格式',
  'not-pcm16': '录音必须是 16 位 PCM 编码',
  'not-mono': '录音必须是单声道',
  'wrong-sample-rate': '录音的采样率必须是 16 kHz',
  empty: '录音是空的',
  'too-long': '录音超过了本题允许的时长',
};

export class WavError extends Error {
  override name = 'WavError';
  constructor(
    readonly code: WavErrorCode,
    detail?: string,
  ) {
    super(detail ? `${MESSAGES[code]}（${detail}）` : MESSAGES[code]);
  }
}

export interface ParseWavOptions {
  /**
   * The longest recording accepted, in seconds: the item's maximum answer time plus a little
   * (the recorder stops a moment after the limit).
   */
  maxSeconds: number;
}

const WAVE_FORMAT_PCM = 1;
const WAVE_FORMAT_EXTENSIBLE = 0xfffe;

/** Parses a 16 kHz mono PCM16 WAV into samples in [-1, 1). Throws WavError for anything else. */
export function parseWav(buffer: Uint8Array, options: ParseWavOptions): Float32Array {
  const view = new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  const tag = (offset: number) =>
    offset + 4 <= buffer.byteLength
      ? String.fromCharCode(...buffer.subarray(offset, offset + 4))
      : '';
  if (tag(0) !== 'RIFF' || tag(8) !== 'WAVE') throw new WavError('not-wav');

  let format: { audioFormat: number; channels: number; rate: number; bits: number } | null = null;
  let offset = 12;
  while (offset + 8 <= buffer.byteLength) {
    const id = tag(offset);
    const declared = view.getUint32(offset + 4, true);
    const body = offset + 8;
    if (id === 'fmt ') {
      if (declared < 16 || body + 16 > buffer.byteLength) throw new WavError('not-wav');
      let audioFormat = view.getUint16(body, true);
      // WAVE_FORMAT_EXTENSIBLE carries the real format in the first two bytes of its GUID.
      if (
        audioFormat === WAVE_FORMAT_EXTENSIBLE &&
        declared >= 40 &&
        body + 26 <= buffer.byteLength
      )
        audioFormat = view.getUint16(body + 24, true);
      format = {
        audioFormat,
        channels: view.getUint16(body + 2, true),
        rate: view.getUint32(body + 4, true),
        bits: view.getUint16(body + 14, true),
      };
    } else if (id === 'data') {
      if (!format) throw new WavError('not-wav', '缺少格式信息');
      if (format.audioFormat !== WAVE_FORMAT_PCM || format.bits !== 16)
        throw new WavError('not-pcm16');
      if (format.channels !== 1) throw new WavError('not-mono');
      if (format.rate !== SPEECH_SAMPLE_RATE) throw new WavError('wrong-sample-rate');
      // Streaming writers leave the size at 0 or 0xFFFFFFFF; a cut-off upload is shorter than
      // declared. Either way, read what is there.
      const available = buffer.byteLength - body;
      const size = declared === 0 || declared > available ? available : declared;
      const count = Math.floor(size / 2);
      if (count === 0) throw new WavError('empty');
      const seconds = count / SPEECH_SAMPLE_RATE;
      if (seconds > options.maxSeconds)
        throw new WavError('too-long', `${seconds.toFixed(1)} 秒，最多 ${options.maxSeconds} 秒`);
      const samples = new Float32Array(count);
      for (let i = 0; i < count; i += 1) samples[i] = view.getInt16(body + 2 * i, true) / 32768;
      return samples;
    }
    // Chunks are word-aligned: an odd size is followed by a pad byte.
    offset = body + declared + (declared % 2);
  }
  throw new WavError(format ? 'empty' : 'not-wav');
}

/** Encodes samples as a 16 kHz mono PCM16 WAV (tests and the bench build recordings with it). */
export function encodeWav(samples: Float32Array, rate = SPEECH_SAMPLE_RATE): Buffer {
  const out = Buffer.alloc(44 + samples.length * 2);
  out.write('RIFF', 0, 'ascii');
  out.writeUInt32LE(36 + samples.length * 2, 4);
  out.write('WAVEfmt ', 8, 'ascii');
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(WAVE_FORMAT_PCM, 20);
  out.writeUInt16LE(1, 22);
  out.writeUInt32LE(rate, 24);
  out.writeUInt32LE(rate * 2, 28);
  out.writeUInt16LE(2, 32);
  out.writeUInt16LE(16, 34);
  out.write('data', 36, 'ascii');
  out.writeUInt32LE(samples.length * 2, 40);
  for (let i = 0; i < samples.length; i += 1) {
    const value = Math.round((samples[i] ?? 0) * 32768);
    out.writeInt16LE(Math.max(-32768, Math.min(32767, value)), 44 + 2 * i);
  }
  return out;
}
