import type { AccountExport, LessonProgress } from '@ninety/contract';
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

/** Every lesson position of a learner, as their account export carries it. */
export function toCoursesExport(rows: readonly CourseProgressRow[]): AccountExport['courses'] {
  return rows.map((row) => ({
    lessonId: row.lessonId,
    positionSeconds: row.positionSeconds,
    done: row.done,
    doneAt: row.doneAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  }));
}
