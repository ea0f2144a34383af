import { ErrorCode, isWrittenType, itemTypes, skillNamesZh } from '@ninety/contract';
import { Collapse } from 'antd';
import { lazy, Suspense } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { WhenNear } from '../../components/when-near';
import { PageHeading } from '../../components/page-heading';
import { QueryState } from '../../components/query-state';
import { useQuotaCheck } from '../../features/auth/hooks/use-quota-check';
import { FavoriteStar } from '../../features/favorites/components/favorite-star';
import { useIncludedInPurchase } from '../../features/materials/api/get-material-unlocks';
import { useAttemptHistory } from '../../features/practice/api/get-attempt-history';
import { useItemDetail } from '../../features/practice/api/get-item-detail';
import { ExerciseView } from '../../features/practice/components/exercise-view';
import { usePracticeSettings } from '../../features/settings/api/query-setting-image';
import {
  practiceQuery,
  useSaveTimedOrCount,
} from '../../features/study-data/api/save-timed-or-count';
import { useLearningTimeTick } from '../../features/study-data/hooks/use-learning-time-tick';
import { readableText } from '../../features/word-lookup/readable-text';
import { HttpError } from '../../lib/http';
import { loadWithReload } from '../../lib/load-with-reload';
import { fitsKind, parseExerciseKind } from './exercise-kind';
import { SequenceNav } from './sequence-nav';
import { parseSequenceSource } from './item-sequence';
import { useItemSequence } from './use-item-sequence';
import { useSkillSequence } from './use-skill-sequence';
import { usePageTitle } from '../../lib/use-page-title';

// Issue 23: the exercise's first paint needs the item and its renderer only. Each module is
// imported directly rather than through its feature's index (an index brings every component of
// the feature, with antd's pieces, into the route's chunk), and what shows later or rarely is lazy:
// shared answers (written types, under the exercise, and only once scrolled near: WhenNear),
// 原文精读 (inside a closed panel) and the 404.
const SharedAnswers = lazy(() =>
  loadWithReload(() => import('../../features/comments/components/shared-answers')).then((m) => ({
    default: m.SharedAnswers,
  })),
);
const ShareResultButton = lazy(() =>
  loadWithReload(() => import('../../features/comments/components/share-result-dialog')).then(
    (m) => ({
      default: m.ShareResultButton,
    }),
  ),
);
const ReadingStudyPanel = lazy(() =>
  loadWithReload(() => import('../../features/word-lookup/components/reading-study-panel')).then(
    (m) => ({
      default: m.ReadingStudyPanel,
    }),
  ),
);
/** The height kept for 大家的答案 until it loads: its heading, tabs and a short list. */
const SHARED_ANSWERS_PLACE = 240;
const NotFoundPage = lazy(() =>
  loadWithReload(() => import('../not-found/not-found-page')).then((m) => ({
    default: m.NotFoundPage,
  })),
);

/** No such item: an unknown id (404) or one that cannot be an id at all (40001). */
const isMissing = (error: unknown) =>
  error instanceof HttpError &&
  (error.kind === 'not-found' ||
    error.code === ErrorCode.NotFound ||
    error.code === ErrorCode.InvalidInput);

/**
 * `exp/{typeCode}/{wpId}/{questionsId?}`: wpId is the item's id (e.g. wfd-0001); typeCode an item
 * type or a skill (spec §5 validator), anything else is the 404 page.
 */
/** The gate of an item a bought 资料 includes: signed in (the unlocks say so), no uses needed. */
const passes = () => true;

export function ExercisePage() {
  const { typeCode } = useParams();
  return parseExerciseKind(typeCode) ? (
    <Exercise />
  ) : (
    <Suspense fallback={null}>
      <NotFoundPage />
    </Suspense>
  );
}

function Exercise() {
  const { typeCode, wpId = '' } = useParams();
  const kind = parseExerciseKind(typeCode)!;
  const code = kind.kind === 'type' ? kind.code : null;
  const skill = kind.kind === 'skill' ? kind.skill : null;
  const detail = useItemDetail(wpId);
  const [searchParams] = useSearchParams();
  // Newest first; refreshed by every submit, so the share button follows the latest attempt.
  const canShare = detail.isSuccess && isWrittenType(detail.data.type);
  const latest = useAttemptHistory(wpId, canShare).data?.list[0];
  useLearningTimeTick();
  const preferences = usePracticeSettings();
  // Spec §7: each practice is reported as type 2 / business 1. The server also counts the
  // attempt itself and takes the larger of the two per day, so the report never double-counts.
  const countPractice = useSaveTimedOrCount();
  // Spec §6: every practice is counted against a non-member's uses, so they are checked first.
  const checkQuota = useQuotaCheck();
  // An item of a bought 资料 spends no use (the server agrees), so no quota check or dialog.
  const included = useIncludedInPurchase(detail.data?.type);
  const info = code ? itemTypes[code] : null;
  const source = parseSequenceSource(searchParams.get('from'));
  const listSequence = useItemSequence(skill ? null : source, wpId);
  const skillSequence = useSkillSequence(skill, wpId);
  const sequence = skill ? skillSequence : listSequence;
  // Only text the item already shows (passage, read-aloud text, on-screen transcript), never its key.
  const reading = detail.data ? readableText(detail.data.content) : null;
  const shown = detail.data;
  usePageTitle(
    shown
      ? `${itemTypes[shown.type].nameZh} ${shown.type} #${shown.number} ${shown.title}`
      : undefined,
  );
  const back = (
    <Link
      to={source?.path ?? (code ? `/question-list/${code}/1` : '/question')}
      className="ui-button"
    >
      {source?.kind === 'favorites' ? '返回收藏' : '返回题目列表'}
    </Link>
  );

  return (
    <>
      <PageHeading
        title={
          info ? `${info.nameZh} ${info.code}` : skill ? `${skillNamesZh[skill]}混合练习` : '练习'
        }
        description={info && <span lang="en">{info.nameEn}</span>}
        extra={
          <>
            {detail.data && <FavoriteStar itemId={detail.data.id} color={detail.data.color} />}
            {back}
          </>
        }
      />
      <QueryState
        query={detail}
        subject="题目"
        skeletonRows={8}
        renderError={(error) =>
          isMissing(error) ? <EmptyState description="这道题不存在或已下线" action={back} /> : null
        }
      >
        {(item) =>
          // A skill's sequence holds only its own types: another type's item is not on this page.
          !fitsKind(kind, item.type) ? (
            <EmptyState description="这道题不属于该练习" action={back} />
          ) : (
            <>
              {sequence && <SequenceNav sequence={sequence} />}
              {included && (
                <p
                  style={{ margin: '0 0 12px', color: '#237804' }}
                  data-testid="included-in-purchase"
                >
                  已购资料包含本题，练习不消耗次数
                </p>
              )}
              <ExerciseView
                detail={item}
                preferences={preferences}
                onScored={() => countPractice.mutate(practiceQuery)}
                gate={included ? passes : checkQuota}
              />
              {canShare && (
                <WhenNear minHeight={SHARED_ANSWERS_PLACE}>
                  <Suspense fallback={<div style={{ minHeight: SHARED_ANSWERS_PLACE }} />}>
                    <SharedAnswers
                      itemId={item.id}
                      extra={
                        latest && (
                          <ShareResultButton
                            attempt={latest}
                            questionId={item.id}
                            source={searchParams.get('source')}
                          />
                        )
                      }
                    />
                  </Suspense>
                </WhenNear>
              )}
            </>
          )
        }
      </QueryState>
      {reading && (
        <Collapse
          style={{ marginTop: 24 }}
          items={[
            {
              key: 'reading',
              label: '原文精读',
              children: (
                <Suspense fallback={null}>
                  <ReadingStudyPanel text={reading} termName={info?.nameZh ?? '练习'} />
                </Suspense>
              ),
            },
          ]}
        />
      )}
    </>
  );
}
