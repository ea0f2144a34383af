import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { deflateSync } from 'node:zlib';
import type { Route } from '@playwright/test';
import { signInByApi, uniquePhone } from './accounts-api';
import { expect, test, useToken } from './fixtures';

/**
 * The avatar upload of 个人中心 in Chromium against the real server and its local store: a photo
 * big enough for three 5 MB slices, paused while slices are in flight and resumed, then the page
 * reloaded mid-upload and the photo chosen again (no stored slice is sent twice), saved and
 * shown; a file that is not an image refused before sending, and one that only claims to be a PNG refused by the server with the
 * "上传错误：" toast.
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

const isPartPut = (route: Route) =>
  route.request().method() === 'PUT' &&
  new URL(route.request().url()).pathname === '/api/storage/part';
const partNumberOf = (url: string) => Number(new URL(url).searchParams.get('partNumber'));

test('an avatar photo goes up in slices, pauses, resumes, survives a reload, and is saved and shown', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // A file on disk keeps its modification time, so choosing it again after a reload is the same
  // file to the uploader (a buffer would be a new file each time).
  const photoPath = test.info().outputPath('IMG_0001.png');
  const photo = noisePng(2000, 2000);
  expect(photo.length).toBeGreaterThan(10 * 1024 * 1024);
  await writeFile(photoPath, photo);

  // Slice 1 goes through at once; slice 2 waits for the pause, slice 3 for the reload.
  const gate = () => {
    let open!: () => void;
    const opened = new Promise<void>((resolve) => {
      open = resolve;
    });
    return { open, opened };
  };
  const afterPause = gate();
  const afterReload = gate();
  // Which slices the page asks to send in each phase.
  type Phase = 'first' | 'resumed' | 'reloaded';
  let phase: Phase = 'first';
  const requested: Record<Phase, number[]> = { first: [], resumed: [], reloaded: [] };
  await page.route(
    (url) => url.pathname === '/api/storage/part',
    async (route) => {
      if (!isPartPut(route)) return route.fallback();
      const partNumber = partNumberOf(route.request().url());
      requested[phase].push(partNumber);
      if (partNumber === 2) await afterPause.opened;
      if (partNumber === 3) await afterReload.opened;
      try {
        await route.continue();
      } catch {
        // Paused or reloaded meanwhile: the browser dropped this request.
      }
    },
  );
  const stored = (partNumber: number) =>
    page.waitForResponse(
      (response) =>
        response.request().method() === 'PUT' &&
        partNumberOf(response.url()) === partNumber &&
        response.status() === 200,
    );

  await useToken(page, await signInByApi(request, uniquePhone()));
  await page.goto('/center');
  const panel = page.getByRole('region', { name: '头像' });
  await expect(panel.getByRole('img', { name: '我的头像' })).toBeVisible();

  const first = stored(1);
  await panel.getByLabel('选择头像图片').setInputFiles(photoPath);
  const state = panel.getByRole('status');
  await expect(state).toContainText('正在上传');
  await first;

  await panel.getByRole('button', { name: '暂停' }).click();
  await expect(state).toContainText('已暂停');
  afterPause.open();
  const second = stored(2);
  phase = 'resumed';
  await panel.getByRole('button', { name: '继续' }).click();
  await expect(state).toContainText('正在上传');
  await second;

  // A reload with slice 3 in flight: choosing the same photo again sends only slice 3.
  await page.reload();
  phase = 'reloaded';
  afterReload.open();
  await page
    .getByRole('region', { name: '头像' })
    .getByLabel('选择头像图片')
    .setInputFiles(photoPath);
  await expect(state).toContainText('上传成功', { timeout: 30_000 });
  await expect(page.getByText('设置已保存')).toBeVisible();
  // Stored slices are never sent again: after the pause only 2 and 3, after the reload only 3.
  expect(requested.first.filter((n) => n === 1)).toHaveLength(1);
  expect([...requested.resumed].sort()).toEqual([2, 3]);
  expect(requested.reloaded).toEqual([3]);

  const avatar = panel.getByRole('img', { name: '我的头像' });
  await expect(avatar).toHaveAttribute('src', /^\/files\/uploads\/\d+\/avatar\/\d+-IMG_0001\.png$/);
  const src = await avatar.getAttribute('src');

  await page.reload();
  const shown = page.getByRole('region', { name: '头像' }).getByRole('img', { name: '我的头像' });
  await expect(shown).toHaveAttribute('src', src!);
  await expect
    .poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(2000);
});

test('a file that is not an image is refused, and one that only claims to be a PNG too', async ({
  page,
  request,
}) => {
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

  await input.setInputFiles({
    name: 'fake.png',
    mimeType: 'image/png',
    buffer: Buffer.from('this is text, not a picture'),
  });
  await expect(
    page.getByText('上传错误：文件内容与类型不符：不是有效的头像图片（image/png）'),
  ).toBeVisible();
  await expect(panel.getByRole('status')).toContainText('上传失败');
  await expect(panel.getByRole('button', { name: '重试' })).toBeVisible();
  await expect(panel.getByRole('img', { name: '我的头像' })).toHaveAttribute(
    'src',
    '/avatar-default.svg',
  );
});
