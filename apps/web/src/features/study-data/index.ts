/** Study data: the learning-time tick and the learner's study-time calls (学习中心 shows them: features/learning-centre). */
export { useLearningTimeTick } from './hooks/use-learning-time-tick';
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
