import { z } from 'zod';
import { OrderSchema } from './orders';
import { LearningProfileSchema } from './learning-centre';

/**
 * 我的数据 in 个人中心: downloading everything we hold about the learner, and deleting the account
 * (re-confirmed with an SMS code sent to the account's own phone).
 */

/** Exports one learner may download per hour (each reads all their attempts). */
export const ACCOUNT_EXPORT_HOURLY_LIMIT = 3;

/** The version of the export file's layout, written in the file. */
export const ACCOUNT_EXPORT_FORMAT = 1;

export const AccountDeletionCodeResultSchema = z
  .object({
    phone: z.string().describe('验证码发往的手机号（打码显示）'),
    phonecode: z.string(),
    resendAfter: z.number().int().describe('多少秒后可以重新发送'),
  })
  .meta({ id: 'AccountDeletionCode', description: '注销账号验证码已发送' });
export type AccountDeletionCodeResult = z.infer<typeof AccountDeletionCodeResultSchema>;

export const DeleteAccountBodySchema = z.strictObject({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, '请输入 6 位验证码')
    .describe('发往本账号手机号的短信验证码'),
});
export type DeleteAccountBody = z.infer<typeof DeleteAccountBodySchema>;

export const AccountDeletionResultSchema = z
  .object({
    deleted: z.literal(true),
    objectsRemoved: z.number().int().describe('已从存储中删除的录音和上传文件数'),
    objectsPending: z
      .number()
      .int()
      .describe('暂未删除成功、稍后由后台任务继续删除的存储项数（通常为 0）'),
  })
  .meta({ id: 'AccountDeletion', description: '账号已注销：所有数据已删除，所有登录状态已失效' });
export type AccountDeletionResult = z.infer<typeof AccountDeletionResultSchema>;

const at = z.string().describe('ISO 8601 时间');

/**
 * The export file (`ninety-data-<date>.json`), written as a stream; its parts in this order. Each
 * list is complete (no paging): the file is as long as the learner's history.
 */
export const AccountExportSchema = z.object({
  format: z.literal(ACCOUNT_EXPORT_FORMAT),
  exportedAt: at,
  profile: z.object({
    userCode: z.string(),
    nickname: z.string(),
    phonecode: z.string().nullable(),
    phone: z.string().nullable().describe('打码显示，与个人中心一致'),
    icon: z.string().nullable(),
    createdAt: at,
  }),
  membership: z.object({
    memberLevel: z.number().int(),
    memberExpiresAt: at.nullable(),
    isMember: z.boolean(),
    energyLeft: z.number().int().nullable().describe('非会员本周期剩余练习次数'),
    energyResetRule: z.string(),
  }),
  settings: z.record(z.string(), z.unknown()).describe('保存过的练习设置'),
  wechat: z.array(z.object({ openId: z.string(), nickname: z.string(), boundAt: at })),
  sessions: z
    .array(
      z.object({
        clientType: z.string(),
        ip: z.string().nullable(),
        userAgent: z.string().nullable(),
        createdAt: at,
        lastSeenAt: at,
        endedAt: at.nullable(),
      }),
    )
    .describe('登录过的设备'),
  studyDays: z.array(
    z.object({ day: z.string(), studySeconds: z.number(), practiceCount: z.number() }),
  ),
  learningProfile: LearningProfileSchema.describe('学习中心：时区、目标分与每日学习时长'),
  listening: z
    .object({
      progress: z.array(
        z.object({ materialId: z.string(), position: z.number(), mode: z.string(), updatedAt: at }),
      ),
      sentenceScores: z.array(
        z.object({
          materialId: z.string(),
          sentenceIndex: z.number(),
          mode: z.string(),
          score: z.number(),
          max: z.number(),
          at,
        }),
      ),
      reviewCards: z.array(
        z.object({
          kind: z.string(),
          mode: z.string(),
          materialId: z.string(),
          sentenceIndex: z.number(),
          word: z.string(),
          due: at,
          reps: z.number(),
          lapses: z.number(),
          lastReview: at.nullable(),
          createdAt: at,
        }),
      ),
    })
    .describe('精听：进度、每句最近得分与复习卡片'),
  materials: z
    .array(z.object({ materialId: z.number(), orderNo: z.string(), grantedAt: at }))
    .describe('已购买的资料（资料编号、订单号、开通时间）'),
  orders: z.array(OrderSchema).describe('订单（会员与资料，含未支付和已关闭的）'),
  courses: z
    .array(
      z.object({
        lessonId: z.string(),
        positionSeconds: z.number(),
        done: z.boolean(),
        doneAt: at.nullable(),
        updatedAt: at,
      }),
    )
    .describe('微课：每节课的观看位置与是否学完'),
  itemProgress: z.array(
    z.object({ itemId: z.string(), practiceCount: z.number(), lastPractisedAt: at }),
  ),
  favorites: z.array(z.object({ itemId: z.string(), label: z.number(), createdAt: at })),
  words: z.array(z.object({ word: z.string(), createdAt: at })),
  comments: z.array(
    z.object({
      id: z.string(),
      itemId: z.string(),
      attemptId: z.string(),
      content: z.string(),
      createdAt: at,
      updatedAt: at,
    }),
  ),
  attempts: z.array(
    z.object({
      id: z.string(),
      itemId: z.string(),
      type: z.string(),
      answer: z.unknown(),
      score: z.number(),
      max: z.number(),
      result: z.unknown(),
      scoringProfile: z.string(),
      timeSpentSeconds: z.number(),
      createdAt: at,
    }),
  ),
  mockExams: z
    .array(
      z.object({
        publicId: z.string(),
        blueprintId: z.string(),
        status: z.string(),
        createdAt: at,
        finishedAt: at.nullable(),
        readyAt: at.nullable(),
        discardedAt: at.nullable(),
        report: z.unknown().describe('成绩报告（出分后）'),
        items: z.array(
          z.object({
            itemIndex: z.number(),
            itemId: z.string(),
            type: z.string(),
            draft: z.unknown(),
            submittedAt: at.nullable(),
            answer: z.unknown(),
            scoring: z.string(),
            attemptId: z.string().nullable(),
            score: z.number().nullable(),
            max: z.number().nullable(),
            timeSpentSeconds: z.number(),
          }),
        ),
      }),
    )
    .describe('模考：试卷、作答与成绩报告（口语录音见 recordings）'),
  recordings: z
    .array(
      z.object({
        attemptId: z.string(),
        itemId: z.string(),
        url: z.string().describe('带签名的下载链接，数小时内有效'),
        durationSeconds: z.number().nullable(),
        createdAt: at,
      }),
    )
    .describe('口语录音'),
});
export type AccountExport = z.infer<typeof AccountExportSchema>;

/** The export's file name for a day (`YYYY-MM-DD`). */
export const accountExportFileName = (day: string) => `ninety-data-${day}.json`;
