import { describe, expect, it } from 'vitest';
import './zod-jitless';

describe('zod in the browser', () => {
  it('runs jitless: zod reads the configuration set before it loads', async () => {
    const { config } = await import('zod/v4/core');
    expect(config().jitless).toBe(true);
  });
});
