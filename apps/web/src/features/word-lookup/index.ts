/** Word look-up: the look-up card, clickable reading text with one-sentence mode, my words. */
export { WordLookupCard } from './components/word-lookup-card';
export {
  OneSentenceText,
  showOneSentenceHelpOnce,
  type ReadingMode,
  type WordLookupEvent,
} from './components/one-sentence-text';
export { ReadingStudyPanel } from './components/reading-study-panel';
export { WordBookList } from './components/word-book-list';
export { readableText } from './readable-text';
export { useLookUpWord, lookUpWord, lookUpWordQueryOptions } from './api/look-up-word';
export { useAddWord, addWord } from './api/add-word';
export { useRemoveWord, removeWord } from './api/remove-word';
export {
  useWordBook,
  fetchWordBook,
  wordBookQueryOptions,
  WORD_BOOK_PAGE_SIZE,
} from './api/list-words';
export {
  ONE_SENTENCE_HINT,
  ONE_SENTENCE_MIN_WORDS,
  selectWord,
  isSelected,
  emptySelection,
} from './one-sentence-selection';
