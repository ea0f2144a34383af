import { describe, expect, it } from 'vitest';
import { AVATAR_ACCEPT, avatarFileProblem } from './avatar-file';

describe('avatar files', () => {
  it('accepts the four image types up to 15 MB', () => {
    expect(AVATAR_ACCEPT).toBe('image/png,image/jpeg,image/webp,image/gif');
    expect(avatarFileProblem({ type: 'image/jpeg', size: 15 * 1024 * 1024 })).toBeNull();
  });

  it.each([
    [{ type: 'image/svg+xml', size: 10 }, '不支持的图片格式：请选择 png、jpg、webp 或 gif 图片'],
    [{ type: 'application/pdf', size: 10 }, '不支持的图片格式：请选择 png、jpg、webp 或 gif 图片'],
    [{ type: 'image/png', size: 0 }, '图片是空的，请重新选择'],
    [{ type: 'image/png', size: 15 * 1024 * 1024 + 1 }, '图片过大：不能超过 15 MB'],
  ])('refuses %j', (file, message) => {
    expect(avatarFileProblem(file)).toBe(message);
  });
});
