import type { DraftRecord, DraftStore } from '../../../lib/drafts';

/** How often typed answers go to the server while the learner types (issue 13: every few seconds). */
export const SERVER_DRAFT_INTERVAL_MS = 3000;

/** Whether every answer typed so far is on the server. */
export type SaveStatus = 'saved' | 'saving' | 'offline';

export interface ServerDraftStoreOptions {
  /** The server's copy of an item's answer in progress; null when it holds none. */
  load: (key: string) => Promise<unknown>;
  /** Sends an item's answer in progress; rejects when it did not arrive. */
  persist: (key: string, answer: unknown) => Promise<void>;
  intervalMs?: number;
  /** Told each time the status changes (the exam shows "connection lost, retrying"). */
  onStatus?: (status: SaveStatus) => void;
}

export interface ServerDraftStore extends DraftStore {
  /** Sends whatever is waiting now; resolves true once nothing is waiting (false: still offline). */
  flush: () => Promise<boolean>;
  readonly status: SaveStatus;
  /** Stops the timer (the exam screen left). */
  dispose: () => void;
}

/**
 * A mock exam's answer drafts, kept on the server (the second `DraftStore` after local storage):
 * the latest answer of each item is sent every few seconds while it changes, and again until the
 * server has it. The time spent is not kept: the server owns the clock, so a restored draft comes
 * back with no time of its own (the runner is given what the server says remains).
 */
export function createServerDraftStore(options: ServerDraftStoreOptions): ServerDraftStore {
  const intervalMs = options.intervalMs ?? SERVER_DRAFT_INTERVAL_MS;
  /** Answers not yet on the server, the newest per key. */
  const waiting = new Map<string, unknown>();
  let status: SaveStatus = 'saved';
  let timer: ReturnType<typeof setTimeout> | null = null;
  let sending: Promise<boolean> | null = null;
  let isDisposed = false;

  const setStatus = (next: SaveStatus) => {
    if (next === status) return;
    status = next;
    options.onStatus?.(next);
  };

  const schedule = () => {
    if (timer !== null || isDisposed || waiting.size === 0) return;
    timer = setTimeout(() => {
      timer = null;
      void flush();
    }, intervalMs);
  };

  const sendAll = async (): Promise<boolean> => {
    let isOnline = true;
    for (const [key, answer] of [...waiting]) {
      try {
        await options.persist(key, answer);
        // A newer answer typed while this one was on its way stays waiting.
        if (waiting.get(key) === answer) waiting.delete(key);
      } catch {
        isOnline = false;
      }
    }
    return isOnline;
  };

  const flush = (): Promise<boolean> => {
    if (sending) return sending.then(() => flush());
    if (waiting.size === 0) {
      setStatus('saved');
      return Promise.resolve(true);
    }
    // While offline the status stays offline until an answer gets through.
    if (status !== 'offline') setStatus('saving');
    sending = sendAll().then((isOnline) => {
      sending = null;
      const isDone = isOnline && waiting.size === 0;
      setStatus(isDone ? 'saved' : isOnline ? 'saving' : 'offline');
      // Still waiting (offline, or typed meanwhile): try again at the next interval.
      schedule();
      return isDone;
    });
    return sending;
  };

  return {
    async get(key): Promise<DraftRecord | null> {
      if (waiting.has(key)) return { answer: waiting.get(key), elapsedSeconds: 0, savedAt: 0 };
      try {
        const answer = await options.load(key);
        return answer == null ? null : { answer, elapsedSeconds: 0, savedAt: Date.now() };
      } catch {
        return null;
      }
    },
    save(key, draft) {
      waiting.set(key, draft.answer);
      if (status === 'saved') setStatus('saving');
      schedule();
    },
    clear(key) {
      // The submitted answer replaces the draft on the server; nothing more to send for it.
      waiting.delete(key);
      if (waiting.size === 0 && status !== 'offline') setStatus('saved');
    },
    flush,
    get status() {
      return status;
    },
    dispose() {
      isDisposed = true;
      if (timer !== null) clearTimeout(timer);
      timer = null;
    },
  };
}
