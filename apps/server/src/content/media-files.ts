/**
 * Just enough of the MP3 and SVG formats to check a committed media file against what its item
 * says about it (duration, size), without a decoder.
 */

const BITRATES_KBPS = {
  mpeg1: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  mpeg2: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const SAMPLE_RATES = {
  mpeg1: [44100, 48000, 32000],
  mpeg2: [22050, 24000, 16000],
  mpeg25: [11025, 12000, 8000],
};

function id3v2Length(data: Uint8Array): number {
  if (data.length < 10 || data[0] !== 0x49 || data[1] !== 0x44 || data[2] !== 0x33) return 0;
  // Syncsafe integer: 7 bits per byte.
  const size = (data[6]! << 21) | (data[7]! << 14) | (data[8]! << 7) | data[9]!;
  return 10 + size;
}

/**
 * The playing time of an MPEG-1/2/2.5 Layer III file, summed over its frames; `null` when the data
 * holds no frame, i.e. it is not an MP3.
 */
export function mp3DurationSeconds(data: Uint8Array): number | null {
  let offset = id3v2Length(data);
  let seconds = 0;
  let frames = 0;
  while (offset + 4 <= data.length) {
    const b1 = data[offset + 1]!;
    const b2 = data[offset + 2]!;
    const isSync = data[offset] === 0xff && (b1 & 0xe0) === 0xe0;
    const versionBits = (b1 >> 3) & 0b11;
    const layerBits = (b1 >> 1) & 0b11;
    const bitrateIndex = b2 >> 4;
    const rateIndex = (b2 >> 2) & 0b11;
    if (
      !isSync ||
      versionBits === 0b01 ||
      layerBits !== 0b01 ||
      bitrateIndex === 0 ||
      bitrateIndex === 15 ||
      rateIndex === 3
    ) {
      if (frames > 0) break; // trailing tag (ID3v1, APE) after the audio
      offset += 1;
      continue;
    }
    const version = versionBits === 0b11 ? 'mpeg1' : versionBits === 0b10 ? 'mpeg2' : 'mpeg25';
    const sampleRate = SAMPLE_RATES[version][rateIndex]!;
    const bitrate = BITRATES_KBPS[version === 'mpeg1' ? 'mpeg1' : 'mpeg2'][bitrateIndex]! * 1000;
    const samplesPerFrame = version === 'mpeg1' ? 1152 : 576;
    const padding = (b2 >> 1) & 1;
    const length = Math.floor(((samplesPerFrame / 8) * bitrate) / sampleRate) + padding;
    seconds += samplesPerFrame / sampleRate;
    frames += 1;
    offset += length;
  }
  return frames === 0 ? null : seconds;
}

/** The width and height an SVG file declares on its root element, if it declares both. */
export function svgSize(source: string): { width: number; height: number } | null {
  const root = /<svg\b[^>]*>/.exec(source)?.[0];
  if (!root) return null;
  const width = /\bwidth="(\d+(?:\.\d+)?)"/.exec(root)?.[1];
  const height = /\bheight="(\d+(?:\.\d+)?)"/.exec(root)?.[1];
  return width && height ? { width: Number(width), height: Number(height) } : null;
}
