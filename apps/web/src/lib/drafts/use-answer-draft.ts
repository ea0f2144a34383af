import { useCallback, useEffect, useRef, useState } from 'react';
import type { DraftRecord, DraftStore, MaybePromise } from './draft-store';
import { localDraftStore } from './local-draft-store';
import { matchesShape } from './matches-shape';

/** How long typing may pause before the answer is saved. */
export const DRAFT_SAVE_DELAY_MS = 500;

export interface UseAnswerDraftOptions<A> {
  /** The draft's key (see `draftKeys`); null keeps nothing (e.g. before the item is known). */
  key: string | null;
  /** The item's empty answer, or a function making it. Also the shape a saved draft must have. */
  emptyAnswer: A | (() => A);
  /**
   * Whether a saved answer still fits the item (its type or its blanks may have changed since it
   * was saved). A draft that does not fit is ignored. Default: it has the empty answer's shape.
   */
  isValid?: (value: unknown) => boolean;
  /** Default: this browser's local storage. */
  store?: DraftStore;
  debounceMs?: number;
}

export interface AnswerDraft<A> {
  answer: A;
  /** Changes the answer; it is saved once typing pauses, and at the latest when the page goes. */
  setAnswer: (answer: A) => void;
  /**
   * When the clock started (epoch ms), moved back by the time spent before a reload, so that
   * `Date.now() - startedAt` is the whole time spent on the item.
   */
  startedAt: number;
  /** Whole seconds spent on the item, those before a reload included. */
  elapsedSeconds: () => number;
  /** Whether the answer (and its time) came back from a saved draft. */
  restored: boolean;
  /** An asynchronous store is still being asked for a draft. */
  isRestoring: boolean;
  /** Forgets the saved draft and stops saving until the answer changes again (after a submit). */
  clear: () => void;
  /** Starts over: the empty answer, the clock from zero, no saved draft (a redo). */
  reset: () => void;
}

interface Session<A> {
  key: string | null;
  answer: A;
  startedAt: number;
  restored: boolean;
  /** Worth saving: restored, or changed since the start. */
  keep: boolean;
  /** An asynchronous store's answer, awaited once the component has mounted. */
  pending: Promise<DraftRecord | null> | null;
}

interface Config<A> {
  store: DraftStore;
  empty: () => A;
  isValid: (value: unknown) => boolean;
}

const isPromise = <T>(value: MaybePromise<T>): value is Promise<T> =>
  typeof (value as { then?: unknown } | null)?.then === 'function';

/** Runs a store call that must neither throw nor reject into the page. */
function quietly<T>(call: () => MaybePromise<T>, fallback: T): MaybePromise<T> {
  try {
    const result = call();
    return isPromise(result) ? result.catch(() => fallback) : result;
  } catch {
    return fallback;
  }
}

function configOf<A>(options: UseAnswerDraftOptions<A>): Config<A> {
  const { emptyAnswer, isValid, store = localDraftStore } = options;
  const empty =
    typeof emptyAnswer === 'function'
      ? (emptyAnswer as () => A)
      : () => structuredClone(emptyAnswer);
  return { store, empty, isValid: isValid ?? ((value) => matchesShape(empty(), value)) };
}

function withDraft<A>(session: Session<A>, draft: DraftRecord | null, config: Config<A>) {
  if (!draft || !config.isValid(draft.answer)) return session;
  return {
    ...session,
    answer: draft.answer as A,
    startedAt: session.startedAt - draft.elapsedSeconds * 1000,
    restored: true,
    keep: true,
  };
}

function begin<A>(key: string | null, config: Config<A>): Session<A> {
  const fresh: Session<A> = {
    key,
    answer: config.empty(),
    startedAt: Date.now(),
    restored: false,
    keep: false,
    pending: null,
  };
  if (key === null) return fresh;
  const found = quietly(() => config.store.get(key), null);
  return isPromise(found) ? { ...fresh, pending: found } : withDraft(fresh, found, config);
}

/**
 * An item's answer that survives a reload: restored with the time already spent on first render,
 * saved as the learner changes it (debounced) and when the page is hidden, left or unmounted.
 * Call `clear()` once the answer is submitted and `reset()` for a redo.
 */
export function useAnswerDraft<A>(options: UseAnswerDraftOptions<A>): AnswerDraft<A> {
  const { key, debounceMs = DRAFT_SAVE_DELAY_MS } = options;
  const [session, setSession] = useState(() => begin(key, configOf(options)));
  if (session.key !== key) setSession(begin(key, configOf(options)));

  // The latest session and options, for saving from timers and page events.
  const latest = useRef({ session, config: configOf(options) });
  useEffect(() => {
    latest.current = { session, config: configOf(options) };
  });

  const flush = useCallback(() => {
    const { session: current, config } = latest.current;
    if (!current.keep || current.key === null) return;
    const draft: DraftRecord = {
      answer: current.answer,
      elapsedSeconds: Math.max(0, Date.now() - current.startedAt) / 1000,
      savedAt: Date.now(),
    };
    const draftKey = current.key;
    void quietly(() => config.store.save(draftKey, draft), undefined);
  }, []);

  // Saves once typing pauses: each change restarts the wait.
  useEffect(() => {
    if (!session.keep || session.key === null) return;
    const timer = setTimeout(flush, debounceMs);
    return () => clearTimeout(timer);
  }, [session.answer, session.keep, session.key, debounceMs, flush]);

  // The last keystrokes and the time spent are saved when the page goes (a reload, a closed tab, a
  // phone switching apps) and when the answer leaves the page or changes key.
  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onVisibility);
      flush();
    };
  }, [session.key, flush]);

  // An asynchronous store's draft applies unless the learner has started answering meanwhile.
  const { pending } = session;
  useEffect(() => {
    if (!pending) return;
    let isCurrent = true;
    void pending.then((draft) => {
      if (!isCurrent) return;
      setSession((current) => {
        if (current.pending !== pending) return current;
        const settled = { ...current, pending: null };
        return current.keep ? settled : withDraft(settled, draft, latest.current.config);
      });
    });
    return () => {
      isCurrent = false;
    };
  }, [pending]);

  const setAnswer = useCallback((answer: A) => {
    setSession((current) => ({ ...current, answer, keep: true }));
  }, []);

  const forget = useCallback(() => {
    const { session: current, config } = latest.current;
    // Nothing may save it again before the next render, not even a page event in between.
    latest.current = { config, session: { ...current, keep: false } };
    if (current.key !== null) {
      const draftKey = current.key;
      void quietly(() => config.store.clear(draftKey), undefined);
    }
  }, []);

  const clear = useCallback(() => {
    forget();
    setSession((current) => ({ ...current, keep: false, restored: false, pending: null }));
  }, [forget]);

  const reset = useCallback(() => {
    forget();
    setSession((current) => ({
      ...begin(null, latest.current.config),
      key: current.key,
    }));
  }, [forget]);

  const { startedAt } = session;
  const elapsedSeconds = useCallback(
    () => Math.max(0, Math.floor((Date.now() - startedAt) / 1000)),
    [startedAt],
  );

  return {
    answer: session.answer,
    setAnswer,
    startedAt,
    elapsedSeconds,
    restored: session.restored,
    isRestoring: session.pending !== null,
    clear,
    reset,
  };
}
