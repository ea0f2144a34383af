/**
 * Two processes on one PGlite directory lost each other's writes (issue 18, finding 4): the second
 * `npm start` must refuse with a clear message, and a lock left by a killed server must not keep
 * the next one out.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { DataDirLockedError, lockDataDir, lockPathOf } from '../src/db/data-dir-lock';
import { SERVER_ENTRY, startProcess } from './processes';

function startServer(env: Record<string, string>) {
  return startProcess(SERVER_ENTRY, {
    PORT: '0',
    HOST: '127.0.0.1',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    CONTENT_IMPORT_ON_START: 'false',
    SPEECH_WORKERS: '1',
    LANGUAGE_WORKERS: '1',
    ...env,
  });
}

const dirs: string[] = [];
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ninety-lock-'));
  dirs.push(dir);
  return dir;
}
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe.runIf(inject('testDatabase').driver === 'pglite')('the PGlite directory lock', () => {
  it('refuses a second open of one directory, in this process too, until the first closes', async () => {
    const dataDir = path.join(await tempDir(), 'db');
    const first = await openDatabase(`pglite://${dataDir}`);
    try {
      await expect(openDatabase(`pglite://${dataDir}`)).rejects.toThrow(DataDirLockedError);
    } finally {
      await first.close();
    }
    const again = await openDatabase(`pglite://${dataDir}`);
    await again.close();
  }, 60_000);

  it('takes over a lock whose process is gone, and never one whose process runs', async () => {
    const dataDir = path.join(await tempDir(), 'db');
    // A pid far above any real one: the owner died without removing its lock.
    const gone = { pid: 2 ** 22 + 17, host: os.hostname(), since: '2026-01-01T00:00:00.000Z' };
    await writeFile(lockPathOf(dataDir), JSON.stringify(gone));
    const release = await lockDataDir(dataDir);
    expect(JSON.parse(await readFile(lockPathOf(dataDir), 'utf8')).pid).toBe(process.pid);
    await release();

    // The parent of this process (the test runner) is alive: its lock holds.
    const alive = { pid: process.ppid, host: os.hostname(), since: '2026-01-01T00:00:00.000Z' };
    await writeFile(lockPathOf(dataDir), JSON.stringify(alive));
    await expect(lockDataDir(dataDir)).rejects.toThrow(new RegExp(`process ${process.ppid}`));
    await rm(lockPathOf(dataDir));
  });

  it('two processes that find the same stale lock at the same instant: exactly one takes it', async () => {
    const lockModule = path.join(
      path.dirname(fileURLToPath(import.meta.url)),
      '../src/db/data-dir-lock.ts',
    );
    // Each contender loads the lock code, says "ready", and tries the lock on "go": both try at once.
    const contender = (dataDir: string) => {
      const code = `
        const { lockDataDir } = await import(${JSON.stringify(lockModule)});
        process.stdin.setEncoding('utf8');
        let release = null;
        process.stdin.on('data', async (text) => {
          if (text.includes('go') && !release) {
            try { release = await lockDataDir(${JSON.stringify(dataDir)}); console.log('held'); }
            catch (error) { console.log(error.name === 'DataDirLockedError' ? 'locked' : String(error)); }
          }
          if (text.includes('end')) { if (release) await release(); process.exit(0); }
        });
        console.log('ready');`;
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', '--input-type=module', '-e', code],
        {
          stdio: ['pipe', 'pipe', 'inherit'],
        },
      );
      const lines: string[] = [];
      const waiters: (() => void)[] = [];
      child.stdout.setEncoding('utf8').on('data', (text: string) => {
        lines.push(...text.split('\n').filter(Boolean));
        waiters.splice(0).forEach((wake) => wake());
      });
      const nextLine = async (index: number): Promise<string> => {
        while (lines.length <= index) await new Promise<void>((wake) => waiters.push(wake));
        return lines[index] as string;
      };
      const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
      return { child, nextLine, exited };
    };
    for (let round = 0; round < 4; round += 1) {
      const dataDir = path.join(await tempDir(), 'db');
      const gone = { pid: 2 ** 22 + 19, host: os.hostname(), since: '2026-01-01T00:00:00.000Z' };
      await writeFile(lockPathOf(dataDir), JSON.stringify(gone));
      const pair = [contender(dataDir), contender(dataDir)];
      expect(await Promise.all(pair.map((c) => c.nextLine(0)))).toEqual(['ready', 'ready']);
      pair.forEach((c) => c.child.stdin.write('go\n'));
      const outcomes = await Promise.all(pair.map((c) => c.nextLine(1)));
      expect(outcomes.sort()).toEqual(['held', 'locked']);
      pair.forEach((c) => c.child.stdin.write('end\n'));
      await Promise.all(pair.map((c) => c.exited));
      // The holder released it: nothing is left behind, the takeover guard included.
      await expect(readFile(lockPathOf(dataDir), 'utf8')).rejects.toThrow(/ENOENT/);
      await expect(readFile(`${lockPathOf(dataDir)}.takeover`, 'utf8')).rejects.toThrow(/ENOENT/);
    }
  }, 120_000);

  it('a second npm start on one ./data exits with a clear message; after kill -9 the next one starts', async () => {
    const dataDir = path.join(await tempDir(), 'db');
    const env = { DATABASE_URL: `pglite://${dataDir}`, STORAGE_DIR: path.join(dataDir, '..', 's') };
    const first = startServer(env);
    const { url } = await first.ready;
    try {
      const second = startServer(env);
      expect(await second.exited).toBe(1);
      expect(second.output()).toMatch(/is in use by process \d+.*only one process may open it/s);
      // The first is untouched and still serves.
      expect((await fetch(`${url}/api/health`)).status).toBe(200);
    } finally {
      first.kill('SIGKILL');
      await first.exited;
    }
    // Killed, it left its lock behind: the stale rule lets the next server in.
    const third = startServer(env);
    const { url: thirdUrl } = await third.ready;
    expect((await fetch(`${thirdUrl}/api/health`)).status).toBe(200);
    third.kill('SIGTERM');
    expect(await third.exited).toBe(0);
  }, 240_000);
});
