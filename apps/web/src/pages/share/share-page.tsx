import { ErrorCode, itemTypes, SHARE_TYPE_ANSWER } from '@ninety/contract';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { PageHeading } from '../../components/page-heading';
import { QueryState } from '../../components/query-state';
import { relativeTime } from '../../lib/format';
import { SharedAnswerContent, useShareDetail } from '../../features/comments';
import { HttpError } from '../../lib/http';
import styles from './share-page.module.css';

const SHARE_ID = /^[1-9]\d{0,14}$/;

/** A link to a share that was deleted, never existed, or was mangled on the way. */
const isGone = (error: unknown) =>
  error instanceof HttpError &&
  (error.kind === 'not-found' ||
    error.code === ErrorCode.NotFound ||
    error.code === ErrorCode.InvalidInput);

/** `H5/share?id&questionId&shareType` (spec §7 share links): one shared answer, public. */
export function SharePage() {
  const [searchParams] = useSearchParams();
  const id = searchParams.get('id') ?? '';
  const shareType = searchParams.get('shareType');
  const isValid =
    SHARE_ID.test(id) && (shareType === null || shareType === String(SHARE_TYPE_ANSWER));

  if (!isValid) {
    return (
      <>
        <PageHeading title="答案分享" />
        <EmptyState description="分享链接不完整，请向分享的同学重新要一次链接" />
      </>
    );
  }
  return <Share id={id} questionId={searchParams.get('questionId') || undefined} />;
}

function Share({ id, questionId }: { id: string; questionId: string | undefined }) {
  const detail = useShareDetail(id, questionId);
  if (!detail.isSuccess) {
    return (
      <>
        <PageHeading title="答案分享" />
        <QueryState
          query={detail}
          subject="分享"
          renderError={(error) =>
            isGone(error) ? (
              <EmptyState
                description="这条分享不存在或已被删除"
                action={
                  <Link to="/" className="ui-button">
                    去首页看看
                  </Link>
                }
              />
            ) : null
          }
        >
          {() => null}
        </QueryState>
      </>
    );
  }

  const share = detail.data;
  const info = itemTypes[share.item.type];
  return (
    <>
      <PageHeading
        title={`${info.nameZh} #${share.item.number}`}
        description={`${info.code} · ${share.item.title}`}
      />
      <article className={styles.card} aria-label="分享的答案">
        <p className={styles.byline}>
          <strong>{share.author.name}</strong> 分享于 {relativeTime(share.createdAt)}
        </p>
        <SharedAnswerContent share={share} />
      </article>
      <Link
        to={`/exp/${share.item.type}/${share.item.id}`}
        className={`ui-button ui-button-primary ${styles.practise}`}
      >
        我也练练这道题
      </Link>
    </>
  );
}
