import { ErrorCode } from '@ninety/contract';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { PageHeading } from '../../components/page-heading';
import { QueryState } from '../../components/query-state';
import { CourseLessons, useCourse } from '../../features/courses';
import { HttpError } from '../../lib/http';
import { usePageTitle } from '../../lib/use-page-title';

const isMissing = (error: unknown) =>
  error instanceof HttpError &&
  (error.kind === 'not-found' ||
    error.code === ErrorCode.NotFound ||
    error.code === ErrorCode.InvalidInput);

/** 微课详情 (spec: micro-info/{type}/{id}): a course's lessons with the learner's progress. */
export function MicroInfoPage() {
  const { id = '' } = useParams();
  const course = useCourse(id);
  usePageTitle(course.data?.title);
  const back = (
    <Link to="/micro-course" className="ui-button">
      返回微课
    </Link>
  );

  return (
    <>
      <PageHeading title={course.data?.title ?? '微课详情'} extra={back} />
      <QueryState
        query={course}
        subject="微课"
        renderError={(error) =>
          isMissing(error) ? (
            <EmptyState description="没有找到这门微课，它可能已下线" action={back} />
          ) : null
        }
      >
        {(data) => <CourseLessons course={data} />}
      </QueryState>
    </>
  );
}
