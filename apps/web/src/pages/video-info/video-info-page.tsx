import { ErrorCode } from '@ninety/contract';
import { Link, useParams, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { PageHeading } from '../../components/page-heading';
import { QueryState } from '../../components/query-state';
import { coursePath, LessonView, useLesson } from '../../features/courses';
import { HttpError } from '../../lib/http';
import { usePageTitle } from '../../lib/use-page-title';

const isMissing = (error: unknown) =>
  error instanceof HttpError &&
  (error.kind === 'not-found' ||
    error.code === ErrorCode.NotFound ||
    error.code === ErrorCode.InvalidInput);

/** 视频详情 (spec: video-info/{courseType}/{id}?microCourseId=): one lesson on our player. */
export function VideoInfoPage() {
  const { courseType = 'skill', id = '' } = useParams();
  const [search] = useSearchParams();
  const courseId = search.get('microCourseId') ?? '';
  const lesson = useLesson(id, courseId);
  usePageTitle(lesson.data?.lesson.title);
  const back = (
    <Link
      to={lesson.data ? coursePath(courseType, lesson.data.courseId) : '/micro-course'}
      className="ui-button"
    >
      {lesson.data ? `返回${lesson.data.courseTitle}` : '返回微课'}
    </Link>
  );

  return (
    <>
      <PageHeading title={lesson.data?.lesson.title ?? '视频详情'} extra={back} />
      <QueryState
        query={lesson}
        subject="课程视频"
        renderError={(error) =>
          isMissing(error) ? (
            <EmptyState description="没有找到这节课，它可能已下线" action={back} />
          ) : null
        }
      >
        {(data) => <LessonView key={data.lesson.id} detail={data} courseKind={courseType} />}
      </QueryState>
    </>
  );
}
