import { describe, expect, inject, it } from 'vitest';
import { SERVER_ENTRY, startProcess, type Started } from './processes';

function startServer(env: Record<string, string>): Promise<Started> {
  return startProcess(SERVER_ENTRY, { LOG_LEVEL: 'info', ...env }).ready;
}

// The process tests do not depend on the database driver; run them once.
describe.runIf(inject('testDatabase').driver === 'pglite')('the server process', () => {
  it('prints its address, serves, and shuts down cleanly on SIGTERM', async () => {
    const server = await startServer({
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: 'pglite://memory',
      WEB_DIST_DIR: '/nonexistent-web-dist',
    });
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);

    // fetch keeps the connection alive; closing must not wait for idle sockets.
    server.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('server closed');
  }, 60_000);

  it('refuses to start with a bad variable and names it', async () => {
    const server = startServer({ PORT: 'not-a-port' });
    await expect(server).rejects.toThrow(/PORT:/);
  });
});
