import { useAnswerDraft, type AnswerDraft, type DraftStore } from '../../lib/drafts';

/** Where an answer in progress is kept: a key per item and place, and the store behind it. */
export interface DraftPlace {
  /** e.g. `draftKeys.practice(itemId)`; null keeps nothing. */
  key: string | null;
  /** Default: this browser's local storage. A mock exam may keep its drafts on the server. */
  store?: DraftStore;
}

export type AnswerState<A> = AnswerDraft<A>;

/**
 * The written answer and the time it started: the one place both are made, so the whole runner
 * reads them from here. They are a draft: restored with the time spent after a reload, saved as
 * the learner types, cleared once submitted, started over on a redo.
 */
export function useAnswerState<A>(draft: DraftPlace, emptyAnswer: () => A): AnswerState<A> {
  return useAnswerDraft({ key: draft.key, store: draft.store, emptyAnswer });
}
