/**
 * 精听 (issue 20): the materials with their filters, a material worked sentence by sentence on our
 * own player (loop, speed, blind mode, shortcuts) in 听写 or 跟读, and the 今日复习 deck.
 */
export { MaterialList, type MaterialListProps } from './components/material-list';
export { ListeningWorkspace } from './components/listening-workspace';
export { ReviewSession, ReviewCounts } from './components/review-session';
export { useMaterial } from './api/get-material';
export { useReviewCounts } from './api/get-review-counts';
export type { MaterialFilters } from './api/get-materials';
export { filtersFromSearch, searchOf, LIST_PATH, materialPath } from './list-url';
