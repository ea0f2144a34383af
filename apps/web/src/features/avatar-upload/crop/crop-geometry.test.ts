import { describe, expect, it } from 'vitest';
import { clampCrop, initialCrop, sourceRect, zoomTo } from './crop-geometry';

const wide = { width: 400, height: 200 };

describe('the square crop', () => {
  it('starts centred with the short side filling the square', () => {
    const crop = initialCrop(wide, 100);
    expect(crop).toEqual({ zoom: 1, x: -50, y: 0 });
    expect(sourceRect(crop, wide, 100)).toEqual({ sx: 100, sy: 0, size: 200 });
  });

  it.each([
    [
      { zoom: 1, x: 30, y: 0 },
      { zoom: 1, x: 0, y: 0 },
    ],
    [
      { zoom: 1, x: -500, y: 40 },
      { zoom: 1, x: -100, y: 0 },
    ],
    [
      { zoom: 9, x: 0, y: 0 },
      { zoom: 4, x: 0, y: 0 },
    ],
    [
      { zoom: 0.2, x: -50, y: 0 },
      { zoom: 1, x: -50, y: 0 },
    ],
  ])('never leaves a gap: %o becomes %o', (input, expected) => {
    expect(clampCrop(input, wide, 100)).toEqual(expected);
  });

  it('zooms about the centre of the square', () => {
    const crop = zoomTo(initialCrop(wide, 100), 2, wide, 100);
    expect(crop).toEqual({ zoom: 2, x: -150, y: -50 });
    // The square's centre still shows the image's centre.
    const { sx, sy, size } = sourceRect(crop, wide, 100);
    expect(sx + size / 2).toBe(200);
    expect(sy + size / 2).toBe(100);
  });
});
