import { ErrorCode, itemTypes } from '@ninety/contract';
import { Alert, Collapse, Skeleton } from 'antd';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { PageHeading } from '../../components/page-heading';
import { parseTypeCode } from '../../features/bank';
import { FavoriteStar } from '../../features/favorites';
import { ExerciseView, useItemDetail } from '../../features/practice';
import { ReadingStudyPanel, readableText } from '../../features/word-lookup';
import { HttpError } from '../../lib/http';

/** No such item: an unknown id (404) or one that cannot be an id at all (40001). */
const isMissing = (error: unknown) =>
  error instanceof HttpError &&
  (error.kind === 'not-found' ||
    error.code === ErrorCode.NotFound ||
    error.code === ErrorCode.InvalidInput);

/** `exp/{typeCode}/{wpId}/{questionsId?}`: wpId is the item's id (e.g. wfd-0001). */
export function ExercisePage() {
  const { typeCode, wpId = '' } = useParams();
  const code = parseTypeCode(typeCode);
  const detail = useItemDetail(wpId);
  const info = code ? itemTypes[code] : null;
  // Only text the item already shows (passage, read-aloud text, on-screen transcript), never its key.
  const reading = detail.data ? readableText(detail.data.content) : null;
  const back = (
    <Link to={code ? `/question-list/${code}/1` : '/question'} className="ui-button">
      返回题目列表
    </Link>
  );

  return (
    <>
      <PageHeading
        title={info ? `${info.nameZh} ${info.code}` : '练习'}
        description={info?.nameEn}
        extra={
          <>
            {detail.data && <FavoriteStar itemId={detail.data.id} color={detail.data.color} />}
            {back}
          </>
        }
      />
      {detail.isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : detail.isError ? (
        isMissing(detail.error) ? (
          <EmptyState description="这道题不存在或已下线" action={back} />
        ) : (
          <Alert
            type="error"
            showIcon
            message="题目加载失败"
            description="请检查网络后刷新页面重试。"
          />
        )
      ) : (
        <ExerciseView detail={detail.data} />
      )}
      {reading && (
        <Collapse
          style={{ marginTop: 24 }}
          items={[
            {
              key: 'reading',
              label: '原文精读',
              children: <ReadingStudyPanel text={reading} termName={info?.nameZh ?? '练习'} />,
            },
          ]}
        />
      )}
    </>
  );
}
