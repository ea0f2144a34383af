import {
  isWrittenType,
  ErrorCode,
  type AddCommentBody,
  type CommentDetailQuery,
  type CommentListQuery,
  type DeletedComment,
  type ShareDetail,
  type SharedAnswer,
  type SharedAnswerList,
} from '@ninety/contract';
import type { Db } from '../../db/client';
import { AppError, invalidBodyField } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { requireItem } from '../items/items.service';
import { toShareDetail, toSharedAnswer } from './comments.mapper';
import {
  deleteComment,
  findAttempt,
  findComment,
  listComments,
  upsertComment,
  commentsAfter,
} from './comments.repository';

export interface CommentsDeps {
  db: Db;
  clock: Clock;
}

const shareMissing = () => new AppError(ErrorCode.NotFound, '分享不存在或已删除');

/**
 * Shares one of the learner's own attempts on the item (spec §7 questionsComment/add). Answer,
 * score and max come from the stored attempt, never from the request. Someone else's attempt
 * answers 40401 like a missing one: attempt ids are serial, and a 403 would confirm that a
 * guessed id exists. Sharing the same attempt again keeps one share and replaces its comment.
 */
export async function addComment(
  deps: CommentsDeps,
  userId: number,
  body: AddCommentBody,
): Promise<SharedAnswer> {
  const item = await requireItem(deps, body.questionId);
  const attempt = await findAttempt(deps.db, Number(body.attemptId));
  if (!attempt || attempt.userId !== userId) {
    throw new AppError(ErrorCode.NotFound, '练习记录不存在');
  }
  if (attempt.itemId !== item.id) throw invalidBodyField('attemptId', '不是这道题的练习记录');
  // A shared answer is shown as text; a spoken one has none to show yet.
  if (!isWrittenType(attempt.type)) throw invalidBodyField('attemptId', '口语练习暂不支持分享');

  const id = await upsertComment(
    deps.db,
    {
      userId,
      itemId: item.id,
      attemptId: attempt.id,
      scoreType: body.scoreType,
      source: body.source,
      content: body.content,
      score: attempt.score,
      max: attempt.max,
    },
    deps.clock.now(),
  );
  const row = await findComment(deps.db, id);
  if (!row) throw shareMissing();
  return toSharedAnswer(row, row.itemContent, userId);
}

/** An item's shared answers, newest or best first; anyone may read them. */
export async function commentList(
  deps: CommentsDeps,
  query: CommentListQuery,
  viewerId: number | null,
): Promise<SharedAnswerList> {
  const item = await requireItem(deps, query.questionId);
  const { rows, total } = await listComments(
    deps.db,
    item.id,
    query.sort,
    query.perPage,
    (query.page - 1) * query.perPage,
  );
  return {
    list: rows.map((row) => toSharedAnswer(row, item.content, viewerId)),
    total,
    page: query.page,
    perPage: query.perPage,
  };
}

/** One share for its public page; a link whose questionId does not match reads as missing. */
export async function commentDetail(
  deps: CommentsDeps,
  query: CommentDetailQuery,
  viewerId: number | null,
): Promise<ShareDetail> {
  const row = await findComment(deps.db, Number(query.id));
  if (!row || (query.questionId !== undefined && query.questionId !== row.itemId)) {
    throw shareMissing();
  }
  return toShareDetail(row, viewerId);
}

/** Takes the learner's own share down; another learner's share reads as missing (see add). */
export async function removeComment(
  deps: CommentsDeps,
  userId: number,
  id: string,
): Promise<DeletedComment> {
  if (!(await deleteComment(deps.db, Number(id), userId))) throw shareMissing();
  return { id, deleted: true };
}

/** One page of the learner's own shares in id order, after `afterId` (0 first): the data export. */
export async function ownCommentsPage(
  deps: { db: Db },
  userId: number,
  afterId: number,
  limit: number,
) {
  return commentsAfter(deps.db, userId, afterId, limit);
}
