/** The practice feature's public API: the exercise for one item and the calls behind it. */
export { ExerciseView } from './components/exercise-view';
export { useItemDetail, fetchItemDetail, itemDetailQueryOptions } from './api/get-item-detail';
export { submitAttempt, useSubmitAttempt } from './api/submit-attempt';
export { useAttemptHistory, fetchAttemptHistory } from './api/get-attempt-history';
