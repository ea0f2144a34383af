/**
 * Recordings of a mock exam kept in this browser (IndexedDB) until the server acknowledges them:
 * a reload, a crash or a lost connection during the upload loses nothing; the exam sends a kept
 * recording again when it resumes on that item. Without IndexedDB (private modes) they are kept
 * in memory, which still covers a lost connection.
 */

export interface PendingRecording {
  paperId: string;
  index: number;
  wav: Blob;
  savedAt: number;
}

const DB_NAME = 'ninety-mock';
const STORE = 'recordings';
const keyOf = (paperId: string, index: number) => `${paperId}:${index}`;
const memory = new Map<string, PendingRecording>();

function openDb(): Promise<IDBDatabase | null> {
  if (typeof indexedDB === 'undefined') return Promise.resolve(null);
  return new Promise((resolve) => {
    try {
      const request = indexedDB.open(DB_NAME, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(null);
    } catch {
      resolve(null);
    }
  });
}

async function withStore<T>(
  mode: IDBTransactionMode,
  run: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T | null> {
  const db = await openDb();
  if (!db) return null;
  return new Promise((resolve) => {
    try {
      const request = run(db.transaction(STORE, mode).objectStore(STORE));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(null);
    } catch {
      resolve(null);
    } finally {
      db.close();
    }
  });
}

export async function keepRecording(recording: PendingRecording): Promise<void> {
  const key = keyOf(recording.paperId, recording.index);
  memory.set(key, recording);
  await withStore('readwrite', (store) => store.put(recording, key));
}

export async function findRecording(
  paperId: string,
  index: number,
): Promise<PendingRecording | null> {
  const key = keyOf(paperId, index);
  const kept = memory.get(key);
  if (kept) return kept;
  const stored = await withStore<PendingRecording | undefined>('readonly', (store) =>
    store.get(key),
  );
  return stored ?? null;
}

export async function forgetRecording(paperId: string, index: number): Promise<void> {
  const key = keyOf(paperId, index);
  memory.delete(key);
  await withStore('readwrite', (store) => store.delete(key));
}
