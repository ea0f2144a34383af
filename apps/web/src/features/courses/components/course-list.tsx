import { itemTypes, type CourseSummary, type Skill } from '@ninety/contract';
import { Progress, Tag } from 'antd';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { QueryState } from '../../../components/query-state';
import { useCourses } from '../api/get-courses';
import { coursePath, formatClock, KIND_ZH } from '../labels';
import styles from './courses.module.css';

export interface CourseListProps {
  /** A skill (口语, 写作, 阅读, 听力), or every course. */
  skill: Skill | 'all';
}

/** The skills a course teaches, from its lessons' item types (SST and WFD count as listening). */
const skillsOf = (course: CourseSummary) =>
  new Set(course.types.map((type) => itemTypes[type].skillArea));

function CourseCard({ course }: { course: CourseSummary }) {
  return (
    <Link className={styles.card} to={coursePath(course.kind, course.id)}>
      <div className={styles.tags}>
        <Tag color={course.kind === 'series' ? 'purple' : 'blue'}>{KIND_ZH[course.kind]}</Tag>
        <span className={styles.muted}>
          {course.lessonCount} 节 · {formatClock(course.durationSeconds)}
          {course.freeCount > 0 ? ` · ${course.freeCount} 节免费` : ''}
        </span>
      </div>
      <h3 className={styles.cardTitle}>{course.title}</h3>
      <p className={styles.muted}>{course.descriptionZh}</p>
      {course.doneCount !== null && (
        <Progress
          percent={Math.round((100 * course.doneCount) / Math.max(1, course.lessonCount))}
          size="small"
          aria-label={`已学 ${course.doneCount}/${course.lessonCount} 节`}
          format={() => `已学 ${course.doneCount}/${course.lessonCount}`}
        />
      )}
    </Link>
  );
}

/** 微课: the series first (a study plan), then one course per skill. */
export function CourseList({ skill }: CourseListProps) {
  const courses = useCourses();
  return (
    <QueryState query={courses} subject="微课">
      {(data) => {
        const shown = data.courses.filter(
          (course) => skill === 'all' || skillsOf(course).has(skill),
        );
        if (shown.length === 0) return <EmptyState description="这一部分还没有微课" />;
        const series = shown.filter((course) => course.kind === 'series');
        const skills = shown.filter((course) => course.kind === 'skill');
        return (
          <>
            {series.length > 0 && (
              <section className={styles.section} aria-labelledby="courses-series">
                <h2 id="courses-series" className={styles.sectionTitle}>
                  系列课
                </h2>
                <div className={styles.grid}>
                  {series.map((course) => (
                    <CourseCard key={course.id} course={course} />
                  ))}
                </div>
              </section>
            )}
            {skills.length > 0 && (
              <section className={styles.section} aria-labelledby="courses-skills">
                <h2 id="courses-skills" className={styles.sectionTitle}>
                  按题型
                </h2>
                <div className={styles.grid}>
                  {skills.map((course) => (
                    <CourseCard key={course.id} course={course} />
                  ))}
                </div>
              </section>
            )}
          </>
        );
      }}
    </QueryState>
  );
}
