import { UPLOAD_ID_CACHE_DAYS, UPLOAD_ID_CACHE_ENTRIES } from '@ninety/contract';
import { localKeys } from '../storage-keys';

/**
 * Spec §9's upload id cache: which unfinished upload a file belongs to, so a reload resumes it
 * instead of starting over. At most 50 entries, each kept 30 days; the newest win. Storage that
 * is full or disabled only loses the resume (the server also finds the session by fingerprint).
 */

interface Entry {
  uploadId: string;
  savedAt: number;
}
type Entries = Record<string, Entry>;

const MAX_AGE_MS = UPLOAD_ID_CACHE_DAYS * 24 * 60 * 60 * 1000;

export interface UploadIdCache {
  get(fingerprint: string): string | null;
  remember(fingerprint: string, uploadId: string): void;
  forget(fingerprint: string): void;
}

export function createUploadIdCache(
  storage: () => Storage = () => localStorage,
  now: () => number = Date.now,
): UploadIdCache {
  const read = (): Entries => {
    try {
      const parsed: unknown = JSON.parse(storage().getItem(localKeys.uploadIds) ?? '{}');
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
      const entries: Entries = {};
      for (const [key, value] of Object.entries(parsed as Record<string, unknown>)) {
        const entry = value as Partial<Entry> | null;
        if (typeof entry?.uploadId === 'string' && typeof entry.savedAt === 'number') {
          entries[key] = { uploadId: entry.uploadId, savedAt: entry.savedAt };
        }
      }
      return entries;
    } catch {
      return {};
    }
  };
  /** Drops what is too old, keeps the newest 50. */
  const write = (entries: Entries) => {
    const fresh = Object.entries(entries)
      .filter(([, entry]) => now() - entry.savedAt < MAX_AGE_MS)
      .sort(([, a], [, b]) => b.savedAt - a.savedAt)
      .slice(0, UPLOAD_ID_CACHE_ENTRIES);
    try {
      if (fresh.length === 0) storage().removeItem(localKeys.uploadIds);
      else storage().setItem(localKeys.uploadIds, JSON.stringify(Object.fromEntries(fresh)));
    } catch {
      // Storage full or disabled: the upload works, it just will not resume from here.
    }
  };
  return {
    get(fingerprint) {
      const entry = read()[fingerprint];
      return entry && now() - entry.savedAt < MAX_AGE_MS ? entry.uploadId : null;
    },
    remember(fingerprint, uploadId) {
      write({ ...read(), [fingerprint]: { uploadId, savedAt: now() } });
    },
    forget(fingerprint) {
      const entries = read();
      if (!(fingerprint in entries)) return;
      delete entries[fingerprint];
      write(entries);
    },
  };
}
