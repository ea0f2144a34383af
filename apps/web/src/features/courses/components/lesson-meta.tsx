import type { LessonSummary } from '@ninety/contract';
import { Tag } from 'antd';
import { formatClock, typeName } from '../labels';
import styles from './courses.module.css';

// antd's gold and green tag text is 2.8:1 and 3.4:1 on its own background: darker, same hue (AA).
// Inline, because antd's own tag rule outranks a module class.
const MEMBER_TEXT = { color: '#874d00' };
const FREE_TEXT = { color: '#135200' };

/** Type, length, free or member, and where the learner is. */
export function LessonMeta({ lesson }: { lesson: LessonSummary }) {
  const progress = lesson.progress;
  return (
    <div className={styles.tags}>
      <Tag>{typeName(lesson.type)}</Tag>
      {lesson.access === 'free' ? (
        <Tag color="green" style={FREE_TEXT}>
          免费
        </Tag>
      ) : (
        <Tag color="gold" style={MEMBER_TEXT}>
          会员
        </Tag>
      )}
      <span className={styles.muted}>{formatClock(lesson.durationSeconds)}</span>
      {progress?.done ? (
        <Tag color="success" style={FREE_TEXT}>
          已学完
        </Tag>
      ) : progress && progress.positionSeconds > 0 ? (
        <span className={styles.muted}>看到 {formatClock(progress.positionSeconds)}</span>
      ) : null}
    </div>
  );
}
