/** A value now, or later (a store on the server answers asynchronously). */
export type MaybePromise<T> = T | Promise<T>;

/** One saved answer in progress. */
export interface DraftRecord {
  /** The answer as the learner left it; checked against the item before it is used again. */
  answer: unknown;
  /** Seconds already spent on the item: the clock resumes from here, whenever that is. */
  elapsedSeconds: number;
  /** When it was saved (epoch ms); old drafts are let go. */
  savedAt: number;
}

/**
 * Where answers in progress are kept, by key. The browser's storage is one implementation; a mock
 * exam's server-side store is meant to be a second one behind the same interface, so every method
 * may answer with a promise. Implementations should not throw: a draft is a convenience, and losing
 * one must never break answering.
 */
export interface DraftStore {
  get(key: string): MaybePromise<DraftRecord | null>;
  save(key: string, draft: DraftRecord): MaybePromise<void>;
  clear(key: string): MaybePromise<void>;
}

/** Keys of the drafts, one scheme for every place that answers items. */
export const draftKeys = {
  /** An item practised on its own (the exercise page). */
  practice: (itemId: string) => `practice:${itemId}`,
} as const;

/** A store in memory, for tests and for places that should not outlive the page. */
export function createMemoryDraftStore(): DraftStore & { readonly size: number } {
  const drafts = new Map<string, DraftRecord>();
  return {
    get: (key) => drafts.get(key) ?? null,
    save: (key, draft) => {
      drafts.set(key, draft);
    },
    clear: (key) => {
      drafts.delete(key);
    },
    get size() {
      return drafts.size;
    },
  };
}
