import type { CourseDetail } from '@ninety/contract';
import { Alert, Progress } from 'antd';
import { Link } from 'react-router';
import { formatClock, lessonPath, MEMBERSHIP_PATH } from '../labels';
import styles from './courses.module.css';
import { LessonMeta } from './lesson-meta';

/** micro-info: a course's lessons in order, each with its progress; member lessons marked. */
export function CourseLessons({ course }: { course: CourseDetail }) {
  const lockedCount = course.lessons.filter((lesson) => lesson.locked).length;
  return (
    <>
      <p className={styles.muted}>
        {course.descriptionZh} 共 {course.lessonCount} 节，{formatClock(course.durationSeconds)}。
      </p>
      {course.doneCount !== null && (
        <Progress
          percent={Math.round((100 * course.doneCount) / Math.max(1, course.lessonCount))}
          aria-label={`已学 ${course.doneCount}/${course.lessonCount} 节`}
          format={() => `已学 ${course.doneCount}/${course.lessonCount}`}
        />
      )}
      {lockedCount > 0 && (
        <Alert
          type="info"
          showIcon
          style={{ margin: '12px 0' }}
          message={`其中 ${lockedCount} 节为会员课：可先看简介和章节，开通会员后观看全部课程。`}
          action={<Link to={MEMBERSHIP_PATH}>开通会员</Link>}
        />
      )}
      <ol className={styles.lessons} aria-label="课节">
        {course.lessons.map((lesson, index) => (
          <li key={lesson.id}>
            <Link className={styles.lesson} to={lessonPath(course.kind, lesson.id, course.id)}>
              <img className={styles.poster} src={lesson.posterUrl} alt="" loading="lazy" />
              <div>
                <p className={styles.lessonTitle}>
                  {course.kind === 'series' ? `第 ${index + 1} 天 · ` : `${index + 1}. `}
                  {lesson.title}
                </p>
                <p className={styles.muted}>{lesson.summaryZh}</p>
                <LessonMeta lesson={lesson} />
              </div>
            </Link>
          </li>
        ))}
      </ol>
    </>
  );
}
