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

const sameOwner = (a: LockOwner | null, b: LockOwner): boolean =>
  a !== null && a.pid === b.pid && a.host === b.host && a.since === b.since;

/**
 * Replaces the stale lock of `stale` with `me`. Two processes that saw the same stale lock at the
 * same instant would both delete-and-create (the second deleting the first's fresh lock), so the
 * takeover itself is guarded by a second 'wx' file, and the lock is re-read under that guard.
 * A guard left by a process that died mid-takeover is removed; the caller then tries again.
 */
async function takeOver(lockPath: string, stale: LockOwner, me: LockOwner): Promise<boolean> {
  const guardPath = `${lockPath}.takeover`;
  try {
    await writeFile(guardPath, JSON.stringify(me), { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const guard = await readOwner(guardPath);
    if (guard !== null && guard.host === me.host && !running(guard.pid)) {
      await unlink(guardPath).catch(() => undefined);
    }
    return false;
  }
  try {
    if (!sameOwner(await readOwner(lockPath), stale)) return false;
    await unlink(lockPath);
    await writeFile(lockPath, JSON.stringify(me), { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    await unlink(guardPath).catch(() => undefined);
  }
}

/** Takes the lock or throws DataDirLockedError; the returned function releases it. */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const lockPath = lockPathOf(dataDir);
  if (held.has(dataDir)) {
    throw new DataDirLockedError(lockedMessage(dataDir, lockPath, await readOwner(lockPath)));
  }
  // Claimed before the first await, so two opens in this process cannot both go on.
  held.add(dataDir);
  const me: LockOwner = { pid: process.pid, host: os.hostname(), since: new Date().toISOString() };
  try {
    await acquire(dataDir, lockPath, me);
  } catch (error) {
    held.delete(dataDir);
    throw error;
  }
  return async () => {
    held.delete(dataDir);
    const owner = await readOwner(lockPath);
    if (sameOwner(owner, me)) await unlink(lockPath).catch(() => {});
  };
}

async function acquire(dataDir: string, lockPath: string, me: LockOwner): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      // 'wx' creates the file only if it does not exist: the one atomic step the lock rests on.
      await writeFile(lockPath, JSON.stringify(me), { flag: 'wx' });
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = await readOwner(lockPath);
    const stale =
      owner !== null && owner.host === me.host && (owner.pid === me.pid || !running(owner.pid));
    // An unreadable lock may be one being written this instant: never take it over.
    if (!stale) throw new DataDirLockedError(lockedMessage(dataDir, lockPath, owner));
    if (await takeOver(lockPath, owner, me)) return;
  }
  throw new DataDirLockedError(lockedMessage(dataDir, lockPath, await readOwner(lockPath)));
}
