import { z } from 'zod';
import { pageOf } from './envelope';
import { ItemTypeCodeSchema } from './item-types/catalogue';
import { safeText } from './safe-text';

/**
 * Shared answers (spec §3 "Comment", §7 `POST /api/questionsComment/add`): a learner shares one of
 * their own scored attempts on an item, with an optional comment. The server copies the answer and
 * the score from the stored attempt; the client only says which attempt.
 */

/** Spec §3: the comment payload's scoreType is fixed to 2, the machine score. */
export const MACHINE_SCORE_TYPE = 2;

/**
 * Where the learner practised the item (spec §3: the URL's `source`). The default is the bank's
 * practice; a value outside this list is refused rather than stored, so reports stay meaningful.
 */
export const SHARE_SOURCES = ['machine-exam-practice', 'high-frequency', 'favorites'] as const;
export type ShareSource = (typeof SHARE_SOURCES)[number];
export const DEFAULT_SHARE_SOURCE: ShareSource = 'machine-exam-practice';

export function isShareSource(value: unknown): value is ShareSource {
  return typeof value === 'string' && (SHARE_SOURCES as readonly string[]).includes(value);
}

/** `shareType` of a share link (spec §7): 1 is a shared practice answer, the only kind so far. */
export const SHARE_TYPE_ANSWER = 1;

/** The longest comment, in characters after trimming. */
export const COMMENT_MAX_LENGTH = 500;

/** Page size of an item's shared answers. */
export const SHARED_ANSWERS_PAGE_SIZE = 10;

const questionId = () =>
  z
    .string()
    .regex(/^[a-z]+-\d{1,8}$/, '题目编号格式不对')
    .describe('题目编号，如 wfd-0001');

/** A serial id sent as text (ids leave the server as strings). */
const serialId = (description: string) =>
  z
    .string()
    .regex(/^[1-9]\d{0,14}$/, '编号格式不对')
    .describe(description);

export const AddCommentBodySchema = z
  .object({
    attemptId: serialId('要分享的练习记录 id（须是本人在这道题上的练习）'),
    questionId: questionId(),
    content: safeText()
      .trim()
      .max(COMMENT_MAX_LENGTH, `不能超过 ${COMMENT_MAX_LENGTH} 个字`)
      .default('')
      .describe('留言，可为空；按纯文本保存和显示'),
    scoreType: z
      .literal(MACHINE_SCORE_TYPE, { error: `只能是 ${MACHINE_SCORE_TYPE}（机器评分）` })
      .default(MACHINE_SCORE_TYPE)
      .describe('评分方式：2 机器评分（目前唯一的一种）'),
    source: z
      .enum(SHARE_SOURCES, { error: `只能是 ${SHARE_SOURCES.join('、')} 之一` })
      .default(DEFAULT_SHARE_SOURCE)
      .describe('练习来源（页面地址里的 source）'),
  })
  .meta({ id: 'AddCommentBody', description: '分享一次练习的答案与得分' });
export type AddCommentBody = z.infer<typeof AddCommentBodySchema>;
export type AddCommentInput = z.input<typeof AddCommentBodySchema>;

export const CommentIdBodySchema = z
  .object({ id: serialId('分享 id') })
  .meta({ id: 'CommentIdBody', description: '一条分享' });
export type CommentIdBody = z.infer<typeof CommentIdBodySchema>;

export const SHARED_ANSWER_SORTS = ['new', 'best'] as const;
export type SharedAnswerSort = (typeof SHARED_ANSWER_SORTS)[number];

export const CommentListQuerySchema = z.object({
  questionId: questionId(),
  sort: z
    .enum(SHARED_ANSWER_SORTS, { error: '只能是 new 或 best' })
    .default('new')
    .describe('new 最新在前，best 得分率最高在前'),
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(50).default(SHARED_ANSWERS_PAGE_SIZE),
});
export type CommentListQuery = z.infer<typeof CommentListQuerySchema>;

export const CommentDetailQuerySchema = z.object({
  id: serialId('分享 id'),
  questionId: questionId().optional().describe('分享链接里的题目编号：与分享不符时按不存在处理'),
});
export type CommentDetailQuery = z.infer<typeof CommentDetailQuerySchema>;

export const SharedAnswerSchema = z
  .object({
    id: z.string().describe('分享 id'),
    questionId: z.string(),
    shareType: z.literal(SHARE_TYPE_ANSWER),
    author: z
      .object({ name: z.string().describe('昵称，没有昵称时为打码的手机号') })
      .describe('分享者（不含手机号与用户 id）'),
    score: z.int().min(0),
    max: z.int().min(0),
    answerLines: z.array(z.string()).describe('分享者的作答，整理成可读的文字，一行一项'),
    content: z.string().describe('留言（纯文本）'),
    createdAt: z.iso.datetime(),
    isMine: z.boolean().describe('是否本人的分享；未登录为 false'),
  })
  .meta({ id: 'SharedAnswer', description: '一条分享的答案与得分' });
export type SharedAnswer = z.infer<typeof SharedAnswerSchema>;

export const SharedAnswerListSchema = pageOf(SharedAnswerSchema).meta({
  id: 'SharedAnswerList',
  description: '一道题下大家分享的答案',
});
export type SharedAnswerList = z.infer<typeof SharedAnswerListSchema>;

export const ShareDetailSchema = SharedAnswerSchema.extend({
  item: z.object({
    id: z.string(),
    type: ItemTypeCodeSchema,
    number: z.int(),
    title: z.string(),
  }),
}).meta({ id: 'ShareDetail', description: '分享页：题目与分享的答案、得分' });
export type ShareDetail = z.infer<typeof ShareDetailSchema>;

export const DeletedCommentSchema = z
  .object({ id: z.string(), deleted: z.literal(true) })
  .meta({ id: 'DeletedComment' });
export type DeletedComment = z.infer<typeof DeletedCommentSchema>;
