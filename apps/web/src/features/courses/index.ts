/**
 * 微课 (issue 21): the courses and series, a course's lessons with progress, and a lesson played
 * on our own player (Vidstack + hls.js from our bundle) from where the learner left it on any
 * device; member lessons show a preview and the way to membership. ADR 0022.
 */
export { CourseList, type CourseListProps } from './components/course-list';
export { CourseLessons } from './components/course-lessons';
export { LessonView } from './components/lesson-view';
export { useCourse } from './api/get-course';
export { useLesson } from './api/get-lesson';
export { coursePath, KIND_ZH } from './labels';
