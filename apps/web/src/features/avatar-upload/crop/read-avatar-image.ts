import { imageSizeOf } from './image-size';

/** Larger than any phone photo we expect; beyond it decoding alone could exhaust a phone. */
export const MAX_IMAGE_SIDE = 16_384;
export const MAX_IMAGE_PIXELS = 50_000_000;
/** The bitmap the cropper works on: plenty for a 256 px avatar at 4× zoom. */
const WORKING_SIDE = 2048;

export class AvatarImageProblem extends Error {}

const UNREADABLE = '无法读取这张图片：文件可能已损坏，或并不是图片。请换一张';

/**
 * The chosen photo as a bitmap the cropper can draw: its size checked from the header first, then
 * decoded upright (EXIF orientation applied) and scaled down to a working size. Throws
 * AvatarImageProblem with the learner's message.
 */
export async function readAvatarImage(file: Blob): Promise<ImageBitmap> {
  // JPEG headers may sit behind large EXIF blocks; 1 MB covers them.
  const head = new Uint8Array(await file.slice(0, 1024 * 1024).arrayBuffer());
  const size = imageSizeOf(head);
  if (!size || size.width === 0 || size.height === 0) throw new AvatarImageProblem(UNREADABLE);
  if (
    size.width > MAX_IMAGE_SIDE ||
    size.height > MAX_IMAGE_SIDE ||
    size.width * size.height > MAX_IMAGE_PIXELS
  ) {
    throw new AvatarImageProblem(
      `图片尺寸过大（${size.width}×${size.height}）：请选择 5000 万像素以内、边长不超过 ${MAX_IMAGE_SIDE} 像素的图片`,
    );
  }
  const long = Math.max(size.width, size.height);
  const scale = long > WORKING_SIDE ? WORKING_SIDE / long : 1;
  try {
    const options: ImageBitmapOptions = { imageOrientation: 'from-image' };
    if (scale < 1) {
      // EXIF may swap the sides; resizing by the long side keeps the ratio either way.
      options.resizeQuality = 'high';
      if (size.width >= size.height) options.resizeWidth = Math.round(size.width * scale);
      else options.resizeHeight = Math.round(size.height * scale);
    }
    return await createImageBitmap(file, options);
  } catch {
    throw new AvatarImageProblem(UNREADABLE);
  }
}
