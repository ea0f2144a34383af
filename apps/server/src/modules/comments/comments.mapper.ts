import {
  maskPhone,
  SHARE_TYPE_ANSWER,
  type ItemTypeCode,
  type ShareDetail,
  type SharedAnswer,
} from '@ninety/contract';
import type { SharedRow } from './comments.repository';
import { readableAnswer } from './readable-answer';

/** Shown when a learner has neither a nickname nor a phone (cannot happen today: a guard). */
const ANONYMOUS = '匿名学员';

/** The nickname, else the masked phone: never the full phone or the user id. */
export function authorName(nickname: string, phone: string | null): string {
  if (nickname.trim()) return nickname.trim();
  return phone ? maskPhone(phone) : ANONYMOUS;
}

export function toSharedAnswer(
  row: SharedRow,
  itemContent: unknown,
  viewerId: number | null,
): SharedAnswer {
  return {
    id: String(row.id),
    questionId: row.itemId,
    shareType: SHARE_TYPE_ANSWER,
    author: { name: authorName(row.nickname, row.phone) },
    score: row.score,
    max: row.max,
    answerLines: readableAnswer(itemContent, row.answer),
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    isMine: viewerId !== null && viewerId === row.userId,
  };
}

export function toShareDetail(
  row: SharedRow & {
    itemType: string;
    itemNumber: number;
    itemTitle: string;
    itemContent: unknown;
  },
  viewerId: number | null,
): ShareDetail {
  return {
    ...toSharedAnswer(row, row.itemContent, viewerId),
    item: {
      id: row.itemId,
      // The bank's import only stores catalogue types.
      type: row.itemType as ItemTypeCode,
      number: row.itemNumber,
      title: row.itemTitle,
    },
  };
}
