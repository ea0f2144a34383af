import {
  SHARE_TYPE_ANSWER,
  type ItemTypeCode,
  type ShareDetail,
  type SharedAnswer,
} from '@ninety/contract';
import type { SharedRow } from './comments.repository';
import { readableAnswer } from './readable-answer';

/** Shown for a learner who has not chosen a nickname. */
export const ANONYMOUS_AUTHOR = '匿名学员';

/** The nickname every phone account starts with: 用户 + the phone's last four digits. */
const DEFAULT_NICKNAME = /^用户\d{4}$/;

/**
 * A nickname the learner chose, else an anonymous name. Shares are public without signing in:
 * the default nickname and the masked phone both gave away digits of the phone (issue 18,
 * finding 10), so neither is shown.
 */
export function authorName(nickname: string): string {
  const chosen = nickname.trim();
  return chosen && !DEFAULT_NICKNAME.test(chosen) ? chosen : ANONYMOUS_AUTHOR;
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
    author: { name: authorName(row.nickname) },
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
