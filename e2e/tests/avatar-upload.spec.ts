import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { deflateSync } from 'node:zlib';
import { signInByApi, uniquePhone } from './accounts-api';
import { expect, test, useToken } from './fixtures';

/**
 * The avatar of 个人中心 in Chromium against the real server and its local store: a large photo
 * is cropped to a square in the browser (dragged with the mouse, moved and zoomed with the
 * keyboard), and only the 256 px JPEG of the square is uploaded, saved and shown; a photo whose
 * EXIF says "rotated" is cropped upright; a file that is not an image, one that only claims to be
 * a PNG, and one whose header claims huge dimensions are refused before anything is sent.
 */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real PNG of noise (it does not compress): 2000×2000 RGB is about 12 MB, three slices. */
function noisePng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  const noise = randomBytes(width * 3 * height);
  for (let y = 0; y < height; y += 1) {
    noise.copy(rows, y * (width * 3 + 1) + 1, y * width * 3, (y + 1) * width * 3);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 0 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test('a photo is cropped to a square and only the 256 px JPEG of it is uploaded, saved and shown', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const photoPath = test.info().outputPath('IMG_0001.png');
  await writeFile(photoPath, noisePng(2000, 1500));
  await useToken(page, await signInByApi(request, uniquePhone()));
  await page.goto('/center');
  const panel = page.getByRole('region', { name: '头像' });
  await expect(panel.getByRole('img', { name: '我的头像' })).toBeVisible();
  await panel.getByLabel('选择头像图片').setInputFiles(photoPath);

  const dialog = page.getByRole('dialog', { name: '裁剪头像' });
  const area = dialog.getByRole('group', { name: '头像裁剪区域' });
  const canvas = area.locator('canvas');
  await expect(canvas).toHaveAttribute('data-image-size', '2000x1500');
  // Centred at first: the wide photo's sides hang out of the 280 px square.
  await expect(canvas).toHaveAttribute('data-zoom', '1.00');
  const centred = await canvas.getAttribute('data-offset');
  expect(centred).toBe('-47,0');
  // The mouse drags it right as far as it goes (its left edge at the square's).
  const box = (await area.boundingBox())!;
  await page.mouse.move(box.x + 140, box.y + 140);
  await page.mouse.down();
  await page.mouse.move(box.x + 240, box.y + 140, { steps: 5 });
  await page.mouse.up();
  await expect(canvas).toHaveAttribute('data-offset', '0,0');
  // The keyboard zooms in and moves.
  await area.focus();
  await page.keyboard.press('=');
  await page.keyboard.press('=');
  await expect(canvas).toHaveAttribute('data-zoom', '1.20');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  await expect(canvas).not.toHaveAttribute('data-offset', /^0,|,0$/);

  await dialog.getByRole('button', { name: '使用这张头像' }).click();
  await expect(dialog).toBeHidden();
  await expect(panel.getByRole('status')).toContainText('上传成功', { timeout: 30_000 });
  await expect(page.getByText('设置已保存')).toBeVisible();
  const avatar = panel.getByRole('img', { name: '我的头像' });
  await expect(avatar).toHaveAttribute('src', /^\/files\/uploads\/\d+\/avatar\/\d+-avatar\.jpg$/);
  const src = await avatar.getAttribute('src');
  // What was stored is the small JPEG of the square, not the 9 MB photo.
  const stored = await request.get(src!);
  const bytes = await stored.body();
  expect(bytes.length).toBeLessThan(200 * 1024);
  expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  await page.reload();
  const shown = page.getByRole('region', { name: '头像' }).getByRole('img', { name: '我的头像' });
  await expect(shown).toHaveAttribute('src', src!);
  await expect
    .poll(() =>
      shown.evaluate((img: HTMLImageElement) =>
        img.complete ? `${img.naturalWidth}x${img.naturalHeight}` : '',
      ),
    )
    .toBe('256x256');
});

/** An EXIF APP1 segment that says "rotate 90° clockwise to show" (orientation 6). */
const EXIF_ROTATED = Buffer.from([
  0xff, 0xe1, 0x00, 0x22, 0x45, 0x78, 0x69, 0x66, 0x00, 0x00, 0x4d, 0x4d, 0x00, 0x2a, 0x00, 0x00,
  0x00, 0x08, 0x00, 0x01, 0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, 0x06, 0x00, 0x00,
  0x00, 0x00, 0x00, 0x00,
]);

test('a phone photo stored sideways with an EXIF orientation is cropped upright', async ({
  page,
  request,
}) => {
  await useToken(page, await signInByApi(request, uniquePhone()));
  await page.goto('/center');
  // A 400×200 JPEG made by the browser itself, then marked "rotated" as a phone camera does.
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 400;
    canvas.height = 200;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#c00';
    context.fillRect(0, 0, 400, 200);
    const blob = await new Promise<Blob>((resolve) =>
      canvas.toBlob((b) => resolve(b!), 'image/jpeg', 0.9),
    );
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let text = '';
    for (const byte of bytes) text += String.fromCharCode(byte);
    return btoa(text);
  });
  const jpeg = Buffer.from(base64, 'base64');
  const rotated = Buffer.concat([jpeg.subarray(0, 2), EXIF_ROTATED, jpeg.subarray(2)]);
  const panel = page.getByRole('region', { name: '头像' });
  await panel
    .getByLabel('选择头像图片')
    .setInputFiles({ name: 'IMG_0002.jpg', mimeType: 'image/jpeg', buffer: rotated });
  const canvas = page
    .getByRole('dialog', { name: '裁剪头像' })
    .getByRole('group', { name: '头像裁剪区域' })
    .locator('canvas');
  // Upright it is portrait: 200 wide, 400 high.
  await expect(canvas).toHaveAttribute('data-image-size', '200x400');
});

test('a file that is not an image, one that only claims to be a PNG, and one of huge dimensions are refused before sending', async ({
  page,
  request,
}) => {
  const sent: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/storage')) sent.push(r.url());
  });
  await useToken(page, await signInByApi(request, uniquePhone()));
  await page.goto('/center');
  const panel = page.getByRole('region', { name: '头像' });
  const input = panel.getByLabel('选择头像图片');

  await input.setInputFiles({
    name: 'notes.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4 not an avatar'),
  });
  await expect(panel.getByRole('alert')).toHaveText(
    '不支持的图片格式：请选择 png、jpg、webp 或 gif 图片',
  );
  await expect(panel.getByRole('status')).toHaveCount(0);

  const dialog = page.getByRole('dialog', { name: '裁剪头像' });
  await input.setInputFiles({
    name: 'fake.png',
    mimeType: 'image/png',
    buffer: Buffer.from('this is text, not a picture'),
  });
  await expect(dialog.getByRole('alert')).toHaveText(
    '无法读取这张图片：文件可能已损坏，或并不是图片。请换一张',
  );
  await expect(dialog.getByRole('button', { name: '使用这张头像' })).toBeDisabled();
  await dialog.getByRole('button', { name: '取消' }).click();
  await expect(dialog).toBeHidden();

  // A tiny file whose header claims 30,000 × 30,000 pixels (a decompression bomb).
  const header = Buffer.alloc(13);
  header.writeUInt32BE(30000, 0);
  header.writeUInt32BE(30000, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const bomb = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  await input.setInputFiles({ name: 'bomb.png', mimeType: 'image/png', buffer: bomb });
  await expect(dialog.getByRole('alert')).toHaveText(
    '图片尺寸过大（30000×30000）：请选择 5000 万像素以内、边长不超过 16384 像素的图片',
  );
  await dialog.getByRole('button', { name: '取消' }).click();
  expect(sent).toEqual([]);
  await expect(panel.getByRole('img', { name: '我的头像' })).toHaveAttribute(
    'src',
    '/avatar-default.png',
  );
});

test('an avatar upload can be paused while its slice is in flight and resumed to the end', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const photoPath = test.info().outputPath('IMG_0003.png');
  await writeFile(photoPath, noisePng(600, 600));
  await useToken(page, await signInByApi(request, uniquePhone()));
  await page.goto('/center');
  // The first PUT of a slice is held until the learner pauses: the store never answers it.
  let held: (() => void) | undefined;
  const slicePut = new Promise<void>((resolve) => {
    void page.route('**/api/storage/part**', async (route) => {
      if (route.request().method() !== 'PUT' || held) return route.continue();
      await new Promise<void>((release) => {
        held = release;
        resolve();
      });
      await route.abort().catch(() => {});
    });
  });
  const panel = page.getByRole('region', { name: '头像' });
  await panel.getByLabel('选择头像图片').setInputFiles(photoPath);
  const dialog = page.getByRole('dialog', { name: '裁剪头像' });
  await dialog.getByRole('button', { name: '使用这张头像' }).click();
  await slicePut;
  // Held before the store saw a byte, the task still says 正在检查 (uploading starts at the first
  // byte reported); pausing is allowed in either state.
  const status = panel.getByRole('status');
  await expect(status).toContainText(/正在检查|正在上传/);
  await panel.getByRole('button', { name: '暂停' }).click();
  await expect(status).toContainText('已暂停');
  held?.();
  await expect(panel.getByRole('button', { name: '继续' })).toBeVisible();
  await expect(panel.getByRole('img', { name: '我的头像' })).toHaveAttribute(
    'src',
    '/avatar-default.png',
  );
  await panel.getByRole('button', { name: '继续' }).click();
  await expect(status).toContainText('上传成功', { timeout: 30_000 });
  await expect(panel.getByRole('img', { name: '我的头像' })).toHaveAttribute(
    'src',
    /^\/files\/uploads\/\d+\/avatar\/\d+-avatar\.jpg$/,
  );
});
