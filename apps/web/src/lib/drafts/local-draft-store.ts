import { localKeys } from '../storage-keys';
import type { DraftRecord, DraftStore } from './draft-store';

/** The stored JSON's format; a draft of another version is not read. */
const FORMAT_VERSION = 1;

const DAY_MS = 24 * 60 * 60 * 1000;

export interface LocalDraftStoreOptions {
  /**
   * The storage to use, asked on every call: reading `window.localStorage` itself throws where
   * storage is disabled (some private modes, blocked site data), and then nothing is kept.
   */
  storage?: () => Storage | null;
  /** Prefix of every key this store writes. */
  prefix?: string;
  /** Longest stored JSON in characters; a longer draft is not kept (WE allows 5000 words). */
  maxChars?: number;
  /** Most drafts kept; saving one more lets the least recently saved go. */
  maxDrafts?: number;
  /** A draft older than this is let go when read. */
  maxAgeMs?: number;
  now?: () => number;
}

function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

const isTime = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0;

/** The record in a stored text, or null when the text is not one of ours (corrupt, old, foreign). */
function parseRecord(text: string): DraftRecord | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  if (record['v'] !== FORMAT_VERSION || !Object.hasOwn(record, 'answer')) return null;
  const { answer, elapsedSeconds, savedAt } = record;
  if (!isTime(elapsedSeconds) || !isTime(savedAt)) return null;
  return { answer, elapsedSeconds, savedAt };
}

/**
 * Drafts in the browser's `localStorage`, one entry per draft under a common prefix, as versioned
 * JSON. Never throws: corrupt or foreign entries read as no draft (and are removed), a draft that
 * does not fit is not kept, and a full storage first gives up the oldest drafts.
 */
export function createLocalDraftStore(options: LocalDraftStoreOptions = {}): DraftStore {
  const {
    storage: getStorage = browserStorage,
    prefix = localKeys.answerDraftPrefix,
    maxChars = 200_000,
    maxDrafts = 50,
    maxAgeMs = 30 * DAY_MS,
    now = Date.now,
  } = options;

  const storageKey = (key: string) => prefix + key;
  const remove = (storage: Storage, fullKey: string) => {
    try {
      storage.removeItem(fullKey);
    } catch {
      // Nothing more can be done about storage that refuses even to forget.
    }
  };

  /** This store's other entries, least recently saved first (unreadable ones count as oldest). */
  const othersOldestFirst = (storage: Storage, exceptKey: string) => {
    const entries: { key: string; savedAt: number }[] = [];
    try {
      for (let index = 0; index < storage.length; index += 1) {
        const key = storage.key(index);
        if (key === null || !key.startsWith(prefix) || key === exceptKey) continue;
        const text = storage.getItem(key);
        entries.push({ key, savedAt: (text !== null && parseRecord(text)?.savedAt) || 0 });
      }
    } catch {
      return [];
    }
    return entries.sort((a, b) => a.savedAt - b.savedAt).map((entry) => entry.key);
  };

  return {
    get(key) {
      const storage = getStorage();
      if (!storage) return null;
      const fullKey = storageKey(key);
      let text: string | null;
      try {
        text = storage.getItem(fullKey);
      } catch {
        return null;
      }
      if (text === null) return null;
      const record = parseRecord(text);
      if (!record || now() - record.savedAt > maxAgeMs) {
        remove(storage, fullKey);
        return null;
      }
      return record;
    },

    save(key, draft) {
      const storage = getStorage();
      if (!storage) return;
      const fullKey = storageKey(key);
      let text: string;
      try {
        text = JSON.stringify({ v: FORMAT_VERSION, ...draft });
      } catch {
        return;
      }
      if (text.length > maxChars) {
        // An older, shorter version of this answer would come back as if it were the latest.
        remove(storage, fullKey);
        return;
      }
      const others = othersOldestFirst(storage, fullKey);
      while (others.length >= maxDrafts) remove(storage, others.shift()!);
      for (;;) {
        try {
          storage.setItem(fullKey, text);
          return;
        } catch {
          // Most likely full: older drafts make room for the one being written now.
          const oldest = others.shift();
          if (oldest === undefined) {
            remove(storage, fullKey);
            return;
          }
          remove(storage, oldest);
        }
      }
    },

    clear(key) {
      const storage = getStorage();
      if (storage) remove(storage, storageKey(key));
    },
  };
}

/** The drafts of this browser. */
export const localDraftStore: DraftStore = createLocalDraftStore();
