import { describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { WarmUp } from './warm-up';

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

describe('WarmUp', () => {
  it('is warming until every task has settled, failed ones included', async () => {
    const errors = vi.fn();
    const log = { info: vi.fn(), error: errors } as unknown as FastifyBaseLogger;
    const warmUp = new WarmUp(log);
    expect(warmUp.warming).toBe(false);
    const speech = deferred();
    const tools = deferred();
    warmUp.start('speech engine', () => speech.promise);
    warmUp.start('language tools', () => tools.promise);
    expect(warmUp.warming).toBe(true);

    speech.resolve();
    await vi.waitFor(() => expect(errors).not.toHaveBeenCalled(), { timeout: 10_000 });
    expect(warmUp.warming).toBe(true);
    tools.reject(new Error('no grammar checker'));
    await vi.waitFor(() => expect(warmUp.warming).toBe(false), { timeout: 10_000 });
    expect(errors).toHaveBeenCalledOnce();
  });
});
