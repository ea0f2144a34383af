/**
 * Answer drafts: a typed or chosen answer, and the time spent on it, survive a reload.
 *
 *   const draft = useAnswerDraft({
 *     key: draftKeys.practice(item.id),          // null: keep nothing
 *     emptyAnswer: () => type.emptyAnswer(content),
 *     isValid: (value) => fits(item, value),      // optional; default: the empty answer's shape
 *   });
 *   draft.answer / draft.setAnswer(next)          // restored on first render, saved 500 ms after
 *                                                 // typing pauses and when the page is hidden/left
 *   Date.now() - draft.startedAt                  // time spent, including before the reload
 *   draft.elapsedSeconds()                        // the same in whole seconds
 *   draft.restored && <DraftNotice onDiscard={draft.reset} />   // components/draft-notice
 *   draft.clear()                                 // after a successful submit
 *   draft.reset()                                 // a redo: empty answer, clock from zero
 *
 * Stores implement `DraftStore` (get/save/clear by key, sync or async). The default is this
 * browser's local storage; a mock exam's server store is another implementation passed as `store`.
 */
export {
  createMemoryDraftStore,
  draftKeys,
  type DraftRecord,
  type DraftStore,
  type MaybePromise,
} from './draft-store';
export {
  createLocalDraftStore,
  localDraftStore,
  type LocalDraftStoreOptions,
} from './local-draft-store';
export { matchesShape } from './matches-shape';
export {
  DRAFT_SAVE_DELAY_MS,
  useAnswerDraft,
  type AnswerDraft,
  type UseAnswerDraftOptions,
} from './use-answer-draft';
