/**
 * One process per PGlite data directory (issue 18, finding 4): two `npm start` on one `./data`
 * both served writes, and after both stopped half the acknowledged attempts were gone. PGlite has
 * no lock of its own, so the directory gets a lock file beside it holding the owner's pid.
 *
 * Stale rule: a lock whose pid is no longer running on this host (a kill -9, a power cut) is taken
 * over; so is one naming this very process that it does not hold (a container restarted with the
 * same pid). A lock written on another host is never presumed stale.
 */
import { readFile, unlink, writeFile } from 'node:fs/promises';
import os from 'node:os';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

interface LockOwner {
  pid: number;
  host: string;
  since: string;
}

/** Directories this process holds: a second open in the same process is refused too. */
const held = new Set<string>();

export function lockPathOf(dataDir: string): string {
  return `${dataDir}.lock`;
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function readOwner(lockPath: string): Promise<LockOwner | null> {
  try {
    const owner = JSON.parse(await readFile(lockPath, 'utf8')) as Partial<LockOwner>;
    return typeof owner.pid === 'number' && typeof owner.host === 'string'
      ? (owner as LockOwner)
      : null;
  } catch {
    return null;
  }
}

function lockedMessage(dataDir: string, lockPath: string, owner: LockOwner | null): string {
  const who = owner
    ? `process ${owner.pid} on ${owner.host} (since ${owner.since})`
    : 'another process';
  return (
    `The PGlite data directory ${dataDir} is in use by ${who}: only one process may open it ` +
    `(two would lose each other's writes). Stop that server first, or give this one another ` +
    `DATABASE_URL. If no server is running there, delete ${lockPath}.`
  );
}

/** Takes the lock or throws DataDirLockedError; the returned function releases it. */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const lockPath = lockPathOf(dataDir);
  if (held.has(dataDir)) {
    throw new DataDirLockedError(lockedMessage(dataDir, lockPath, await readOwner(lockPath)));
  }
  const me: LockOwner = { pid: process.pid, host: os.hostname(), since: new Date().toISOString() };
  for (let attempt = 0; ; attempt += 1) {
    try {
      // 'wx' creates the file only if it does not exist: the one atomic step the lock rests on.
      await writeFile(lockPath, JSON.stringify(me), { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = await readOwner(lockPath);
      const stale =
        owner !== null &&
        owner.host === me.host &&
        (owner.pid === process.pid || !running(owner.pid));
      // An unreadable lock may be one being written this instant: never take it over.
      if (!stale || attempt > 0) {
        throw new DataDirLockedError(lockedMessage(dataDir, lockPath, owner));
      }
      await unlink(lockPath).catch(() => undefined);
    }
  }
  held.add(dataDir);
  return async () => {
    held.delete(dataDir);
    const owner = await readOwner(lockPath);
    if (owner?.pid === me.pid && owner.since === me.since) await unlink(lockPath).catch(() => {});
  };
}
