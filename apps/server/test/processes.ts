/**
 * Real server and worker processes for the tests that need them (the fleet, kill -9 durability,
 * the PGlite lock, the process itself): started with tsx from the sources, ready when they print
 * their start line, with every line they wrote kept for the failure message.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const SERVER_ENTRY = path.join(here, '../src/server.ts');
export const WORKER_ENTRY = path.join(here, '../src/worker.ts');
/** The server's start line; the first group is its address. */
export const SERVER_READY = /Ninety 已启动：(\S+)/;
export const WORKER_READY = /Ninety (评分进程已启动)/;

export interface Started {
  /** The first group of the ready line (the server's address). */
  url: string;
  exited: Promise<number | null>;
  output: () => string;
  kill: (signal: NodeJS.Signals) => void;
}

export interface Spawned extends Omit<Started, 'url'> {
  /** Resolves on the ready line; rejects with the output if the process exits first. */
  ready: Promise<Started>;
}

/** Starts `entry` with only PATH and `env` in its environment. */
export function startProcess(
  entry: string,
  env: Record<string, string>,
  readyLine: RegExp = SERVER_READY,
): Spawned {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    env: { PATH: process.env['PATH'] ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const kill = (signal: NodeJS.Signals) => void child.kill(signal);
  const ready = new Promise<Started>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = readyLine.exec(output);
      if (match) resolve({ url: match[1] ?? '', exited, output: () => output, kill });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) =>
      reject(new Error(`${path.basename(entry)} exited early (${code}):\n${output}`)),
    );
  });
  // A test that expects the process to fail awaits `exited` instead.
  ready.catch(() => undefined);
  return { ready, exited, output: () => output, kill };
}
