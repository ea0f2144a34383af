import type { LessonSummary } from '@ninety/contract';
import { Tag } from 'antd';
import { formatClock, typeName } from '../labels';
import styles from './courses.module.css';

/** Type, length, free or member, and where the learner is. */
export function LessonMeta({ lesson }: { lesson: LessonSummary }) {
  const progress = lesson.progress;
  return (
    <div className={styles.tags}>
      <Tag>{typeName(lesson.type)}</Tag>
      {lesson.access === 'free' ? <Tag color="green">免费</Tag> : <Tag color="gold">会员</Tag>}
      <span className={styles.muted}>{formatClock(lesson.durationSeconds)}</span>
      {progress?.done ? (
        <Tag color="success">已学完</Tag>
      ) : progress && progress.positionSeconds > 0 ? (
        <span className={styles.muted}>看到 {formatClock(progress.positionSeconds)}</span>
      ) : null}
    </div>
  );
}
