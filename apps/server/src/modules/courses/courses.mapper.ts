import type { LessonProgress } from '@ninety/contract';
import type { CourseProgressRow } from './courses.repository';

/** A learner's place in a lesson, as it leaves the server. */
export function toLessonProgress(row: CourseProgressRow): LessonProgress {
  return {
    lessonId: row.lessonId,
    positionSeconds: Math.round(row.positionSeconds * 10) / 10,
    done: row.done,
    updatedAt: row.updatedAt.toISOString(),
  };
}
