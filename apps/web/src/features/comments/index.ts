/** Shared answers: sharing a scored attempt, the item's shared answers and the share page's call. */
export { SharedAnswers } from './components/shared-answers';
export { SharedAnswerContent } from './components/shared-answer-content';
export {
  ShareResultButton,
  ShareResultDialog,
  COPY_FAILED_TEXT,
  COPY_SUCCEEDED_TEXT,
} from './components/share-result-dialog';
export { useShareDetail, fetchShareDetail, shareDetailQueryOptions } from './api/get-share-detail';
export { useSharedAnswers, fetchSharedAnswers } from './api/list-comments';
export { useAddComment, addComment } from './api/add-comment';
export { useDeleteComment, deleteComment } from './api/delete-comment';
export { buildShareLink, SHARE_PAGE_PATH } from './share-link';
