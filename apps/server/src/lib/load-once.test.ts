import { describe, expect, it, vi } from 'vitest';
import { loadOncePerKey } from './load-once';

describe('loadOncePerKey', () => {
  it('loads each key once and shares the answer', async () => {
    const load = vi.fn(async (key: string) => `${key}!`);
    const once = loadOncePerKey(load);
    expect(await Promise.all([once('a'), once('a'), once('b')])).toEqual(['a!', 'a!', 'b!']);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('tries again after a failed load', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('unreadable')).mockResolvedValue('ok');
    const once = loadOncePerKey(load);
    await expect(once('a')).rejects.toThrow('unreadable');
    expect(await once('a')).toBe('ok');
  });
});
