/**
 * The square crop's arithmetic, kept pure for tests. The image is shown scaled by `zoom` times
 * the scale at which its short side just fills the square (so the square is always covered), and
 * moved by `offset` (the image's top-left corner in viewport pixels, never leaving a gap).
 */
export interface CropState {
  zoom: number;
  x: number;
  y: number;
}

export const MIN_ZOOM = 1;
export const MAX_ZOOM = 4;
/** The avatar that is uploaded: a square JPEG this many pixels wide. */
export const AVATAR_OUTPUT_SIZE = 256;

/** The scale at which the image's short side equals the viewport. */
export function coverScale(width: number, height: number, viewport: number): number {
  return viewport / Math.min(width, height);
}

export const clampZoom = (zoom: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));

/** Keeps the image covering the square: its corner between (viewport − shown size) and 0. */
export function clampCrop(
  state: CropState,
  image: { width: number; height: number },
  viewport: number,
): CropState {
  const zoom = clampZoom(state.zoom);
  const scale = coverScale(image.width, image.height, viewport) * zoom;
  const shownW = image.width * scale;
  const shownH = image.height * scale;
  const clamp = (value: number, shown: number) => Math.min(0, Math.max(viewport - shown, value));
  return { zoom, x: clamp(state.x, shownW), y: clamp(state.y, shownH) };
}

/** The image centred at the smallest zoom. */
export function initialCrop(image: { width: number; height: number }, viewport: number): CropState {
  const scale = coverScale(image.width, image.height, viewport);
  return {
    zoom: MIN_ZOOM,
    x: (viewport - image.width * scale) / 2,
    y: (viewport - image.height * scale) / 2,
  };
}

/** Zooms about the viewport's centre, so the point the learner looks at stays put. */
export function zoomTo(
  state: CropState,
  zoom: number,
  image: { width: number; height: number },
  viewport: number,
): CropState {
  const next = clampZoom(zoom);
  const ratio = next / state.zoom;
  const centre = viewport / 2;
  return clampCrop(
    { zoom: next, x: centre - (centre - state.x) * ratio, y: centre - (centre - state.y) * ratio },
    image,
    viewport,
  );
}

/** The part of the image inside the square, in the image's own pixels. */
export function sourceRect(
  state: CropState,
  image: { width: number; height: number },
  viewport: number,
): { sx: number; sy: number; size: number } {
  const scale = coverScale(image.width, image.height, viewport) * state.zoom;
  // `0 - x` rather than `-x`: no negative zero for a corner at 0.
  return { sx: 0 - state.x / scale, sy: 0 - state.y / scale, size: viewport / scale };
}
