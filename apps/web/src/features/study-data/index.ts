/** Study data (学习中心): the learning-time tick, the learner's figures and their calls. */
export { useLearningTimeTick } from './hooks/use-learning-time-tick';
export { StudySummary, formatMinutes } from './components/study-summary';
export { useStudyData, fetchStudyData, studyDataQueryOptions } from './api/find-user-study-data';
export {
  saveTimedOrCount,
  useSaveTimedOrCount,
  studySecondsQuery,
  practiceQuery,
} from './api/save-timed-or-count';
export {
  readLearningDuration,
  tickLearningDuration,
  studyDate,
  LEARNING_TICK_MS,
  type LearningDuration,
} from './learning-duration';
