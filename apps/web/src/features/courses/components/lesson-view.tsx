import type { LessonDetail } from '@ninety/contract';
import { Alert, Button } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { loadWithReload } from '../../../lib/load-with-reload';
import { getToken } from '../../../lib/session';
import { saveLessonProgressOnLeave, useSaveLessonProgress } from '../api/save-progress';
import { formatClock, lessonPath, MEMBERSHIP_PATH } from '../labels';
import type { CoursePlayerHandle } from '../player/course-player';
import styles from './courses.module.css';
import { LessonMeta } from './lesson-meta';

// Vidstack and hls.js are most of this feature's code: only a lesson being watched loads them.
const CoursePlayer = lazy(() =>
  loadWithReload(() => import('../player/course-player')).then((module) => ({
    default: module.CoursePlayer,
  })),
);

/** How often a playing lesson's position is saved (and on pause, on leaving, at the end). */
export const SAVE_EVERY_MS = 10_000;
/** A saved position this close to the end starts the lesson again from the beginning. */
const END_SLACK_SECONDS = 3;

const tenths = (seconds: number) => Math.round(seconds * 10) / 10;

export interface LessonViewProps {
  detail: LessonDetail;
  /** The route's course type (skill or series), kept in the next lesson's link. */
  courseKind: string;
}

function Chapters({
  detail,
  onSeek,
}: {
  detail: LessonDetail;
  onSeek?: (seconds: number) => void;
}) {
  return (
    <section aria-labelledby="lesson-chapters">
      <h2 id="lesson-chapters" className={styles.sectionTitle}>
        章节
      </h2>
      <ol className={styles.chapters}>
        {detail.chapters.map((chapter) => (
          <li key={chapter.start}>
            {onSeek ? (
              <button
                type="button"
                className={styles.chapter}
                onClick={() => onSeek(chapter.start)}
              >
                <span>{chapter.title}</span>
                <span className={styles.muted}>{formatClock(chapter.start)}</span>
              </button>
            ) : (
              <span className={styles.chapter}>
                <span>{chapter.title}</span>
                <span className={styles.muted}>{formatClock(chapter.start)}</span>
              </span>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** A member lesson for a non-member: what it teaches, and the way to membership. */
function LessonPreview({ detail }: { detail: LessonDetail }) {
  return (
    <div className={styles.watch}>
      <div>
        <div className={styles.previewBox} data-testid="lesson-preview">
          <img className={styles.poster} src={detail.lesson.posterUrl} alt={detail.lesson.title} />
          <div className={styles.previewOverlay}>
            <p>
              <strong>会员课程</strong>
            </p>
            <p>开通会员后即可观看全部微课，并在任何设备上接着看。</p>
            <Link to={MEMBERSHIP_PATH} className="ui-button ui-button-primary">
              开通会员
            </Link>
          </div>
        </div>
        <p className={styles.muted} style={{ marginTop: 12 }}>
          {detail.lesson.summaryZh}
        </p>
        <LessonMeta lesson={detail.lesson} />
      </div>
      <aside className={styles.side}>
        <Chapters detail={detail} />
      </aside>
    </div>
  );
}

/** video-info: the lesson played from where the learner left it on any device. */
export function LessonView({ detail, courseKind }: LessonViewProps) {
  if (!detail.media) return <LessonPreview detail={detail} />;
  return <LessonPlayer detail={detail} courseKind={courseKind} media={detail.media} />;
}

function LessonPlayer({
  detail,
  courseKind,
  media,
}: LessonViewProps & { media: NonNullable<LessonDetail['media']> }) {
  const lesson = detail.lesson;
  const saved = lesson.progress;
  const resumeAt =
    saved && saved.positionSeconds < lesson.durationSeconds - END_SLACK_SECONDS
      ? saved.positionSeconds
      : 0;
  const signedIn = getToken() !== null;
  const player = useRef<CoursePlayerHandle>(null);
  const position = useRef(resumeAt);
  const lastSaved = useRef(resumeAt);
  const [done, setDone] = useState(saved?.done ?? false);
  const { mutate } = useSaveLessonProgress();

  const persist = useCallback(
    (markDone = false) => {
      if (!signedIn) return;
      const seconds = tenths(position.current);
      if (!markDone && Math.abs(seconds - lastSaved.current) < 0.1) return;
      lastSaved.current = seconds;
      mutate({
        lessonId: lesson.id,
        positionSeconds: seconds,
        ...(markDone ? { done: true } : {}),
      });
    },
    [lesson.id, mutate, signedIn],
  );

  useEffect(() => {
    if (!signedIn) return;
    const timer = window.setInterval(() => persist(), SAVE_EVERY_MS);
    const leave = () => {
      const seconds = tenths(position.current);
      if (Math.abs(seconds - lastSaved.current) < 0.1) return;
      lastSaved.current = seconds;
      saveLessonProgressOnLeave({ lessonId: lesson.id, positionSeconds: seconds });
    };
    window.addEventListener('pagehide', leave);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('pagehide', leave);
      // Leaving for another page of the app (the next lesson) saves too.
      leave();
    };
  }, [lesson.id, persist, signedIn]);

  const markDone = () => {
    setDone(true);
    persist(true);
  };

  const next = detail.nextLessonId;
  return (
    <div className={styles.watch} data-resume-at={resumeAt}>
      <div>
        {resumeAt > 0 && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 12 }}
            message={`上次看到 ${formatClock(resumeAt)}，已从这里继续`}
            action={
              <Button size="small" onClick={() => player.current?.seek(0)}>
                从头播放
              </Button>
            }
          />
        )}
        <Suspense fallback={<div className={styles.poster} aria-busy="true" />}>
          <CoursePlayer
            ref={player}
            title={lesson.title}
            playlistUrl={media.playlistUrl}
            chaptersUrl={media.chaptersUrl}
            subtitlesUrl={media.subtitlesUrl}
            posterUrl={lesson.posterUrl}
            startAt={resumeAt}
            onTimeUpdate={(seconds) => {
              position.current = seconds;
            }}
            onPause={(seconds) => {
              position.current = seconds;
              persist();
            }}
            onEnded={(seconds) => {
              position.current = seconds;
              setDone(true);
              persist(true);
            }}
          />
        </Suspense>
        <div className={styles.actions}>
          {signedIn ? (
            <Button type={done ? 'default' : 'primary'} disabled={done} onClick={markDone}>
              {done ? '已学完' : '标记为已学完'}
            </Button>
          ) : (
            <span className={styles.muted}>登录后可保存进度，换设备也能接着看</span>
          )}
          {next && (
            <Link className="ui-button" to={lessonPath(courseKind, next, detail.courseId)}>
              下一节
            </Link>
          )}
        </div>
        <p className={styles.muted} style={{ marginTop: 12 }}>
          {lesson.summaryZh} 快捷键：空格 播放/暂停，← → 快退/快进，C 字幕，F 全屏。
        </p>
        <LessonMeta lesson={lesson} />
      </div>
      <aside className={styles.side}>
        <Chapters detail={detail} onSeek={(seconds) => player.current?.seek(seconds)} />
      </aside>
    </div>
  );
}
