import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, inject, it } from 'vitest';

const serverEntry = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/server.ts');

interface Started {
  url: string;
  exited: Promise<number | null>;
  output: () => string;
  kill: (signal: NodeJS.Signals) => void;
}

function startServer(env: Record<string, string>): Promise<Started> {
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: { PATH: process.env['PATH'] ?? '', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Ninety 已启动：(\S+)/.exec(output);
      if (match?.[1])
        resolve({ url: match[1], exited, output: () => output, kill: (s) => child.kill(s) });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => reject(new Error(`server exited early (${code}):\n${output}`)));
  });
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
