import { describe, expect, it } from 'vitest';
import { imageSizeOf } from './image-size';

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(
    parts.flatMap((part) =>
      typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part,
    ),
  );
const be32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const be16 = (n: number) => [(n >>> 8) & 255, n & 255];
const le16 = (n: number) => [n & 255, (n >>> 8) & 255];
const le24 = (n: number) => [n & 255, (n >>> 8) & 255, (n >>> 16) & 255];

describe('imageSizeOf (read from the header, before decoding)', () => {
  it('reads a PNG', () => {
    const png = bytes([0x89], 'PNG', [13, 10, 26, 10], be32(13), 'IHDR', be32(30000), be32(20000));
    expect(imageSizeOf(png)).toEqual({ width: 30000, height: 20000 });
  });

  it('reads a GIF', () => {
    expect(imageSizeOf(bytes('GIF89a', le16(640), le16(480)))).toEqual({
      width: 640,
      height: 480,
    });
  });

  it('reads an extended WebP', () => {
    const webp = bytes(
      'RIFF',
      [0, 0, 0, 0],
      'WEBP',
      'VP8X',
      [10, 0, 0, 0],
      [0, 0, 0, 0],
      le24(4999),
      le24(2999),
    );
    expect(imageSizeOf(webp)).toEqual({ width: 5000, height: 3000 });
  });

  it('walks a JPEG past its EXIF block to the frame header', () => {
    const exif = new Array<number>(300).fill(0);
    const jpeg = bytes(
      [0xff, 0xd8],
      [0xff, 0xe1],
      be16(exif.length + 2),
      exif,
      [0xff, 0xc2],
      be16(17),
      [8],
      be16(3024),
      be16(4032),
      new Array<number>(12).fill(0),
    );
    expect(imageSizeOf(jpeg)).toEqual({ width: 4032, height: 3024 });
  });

  it.each([
    ['a PDF', bytes('%PDF-1.7 ', new Array<number>(40).fill(0))],
    ['an empty file', new Uint8Array()],
    ['a truncated PNG', bytes([0x89], 'PNG', [13, 10, 26, 10])],
    [
      'a JPEG with no frame header',
      bytes([0xff, 0xd8, 0xff, 0xda], be16(8), new Array<number>(20).fill(0)),
    ],
  ])('answers null for %s', (_name, input) => {
    expect(imageSizeOf(input)).toBeNull();
  });
});
