import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { readFile } from 'node:fs/promises';
import {
  ErrorCode,
  LISTENING_RECORDING_MAX_BYTES,
  ListeningCardRemovedSchema,
  ListeningDictationBodySchema,
  ListeningDictationResultSchema,
  ListeningListQuerySchema,
  ListeningMaterialDetailSchema,
  ListeningMaterialListSchema,
  ListeningMaterialParamsSchema,
  ListeningProgressBodySchema,
  ListeningProgressSchema,
  ListeningReviewCardParamsSchema,
  ListeningReviewCountsSchema,
  ListeningReviewDeckQuerySchema,
  ListeningReviewDeckSchema,
  ListeningReviewQueueQuerySchema,
  ListeningReviewQueueSchema,
  ListeningSentenceParamsSchema,
  isShadowingPending,
  ListeningShadowingPendingSchema,
  ListeningShadowingQuerySchema,
  ListeningShadowingResultQuerySchema,
  ListeningShadowingResultSchema,
  okEnvelope,
} from '@ninety/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext, RegisterModule } from '../../app-context';
import { loadOncePerKey } from '../../lib/load-once';
import { AppError } from '../../lib/app-error';
import { errorResponses } from '../../lib/error-responses';
import { acceptRecordingBodies } from '../../lib/recording-body';
import { attemptsContext } from '../attempts/attempts.service';
import { authOf, userIdOf } from '../../lib/request-auth';
import {
  LISTENING_DIR,
  LISTENING_MEDIA_PREFIX,
  loadMaterials,
  type Material,
} from './listening-catalogue';
import {
  listeningScheduler,
  listMaterials,
  materialCues,
  materialDetail,
  materialProgress,
  removeReviewCard,
  reviewCounts,
  reviewDeck,
  reviewQueue,
  saveProgress,
  shadowingResult,
  submitDictation,
  submitShadowing,
  type ListeningDeps,
} from './listening.service';

const errors = errorResponses(400, 401, 404);
const tags = ['listening'];
const security = [{ token: [] }];

/** 精听 (issue 20): materials, progress, dictation, shadowing and the review deck. docs/listening.md. */
export const listeningRoutes =
  (deps: ListeningDeps): FastifyPluginAsyncZod =>
  async (app) => {
    acceptRecordingBodies(app);

    app.get(
      '/api/listening/materials',
      {
        config: { auth: 'optional' },
        schema: {
          tags,
          summary: '精听材料列表：按来源、话题、时长、难度、学习进度筛选与搜索',
          querystring: ListeningListQuerySchema,
          response: { 200: okEnvelope(ListeningMaterialListSchema), ...errors },
        },
      },
      async (request) => ({
        data: await listMaterials(deps, request.query, userIdOf(request)),
      }),
    );

    app.get(
      '/api/listening/materials/:materialId',
      {
        config: { auth: 'optional' },
        schema: {
          tags,
          summary: '精听材料详情：音频、逐句时间轴（强制对齐）、译文与本人进度',
          params: ListeningMaterialParamsSchema,
          response: { 200: okEnvelope(ListeningMaterialDetailSchema), ...errors },
        },
      },
      async (request) => ({
        data: await materialDetail(deps, request.params.materialId, userIdOf(request)),
      }),
    );

    app.get(
      '/api/listening/materials/:materialId/cues.vtt',
      {
        config: { auth: 'optional' },
        schema: {
          tags,
          summary: '逐句字幕（WebVTT，text/vtt；出错时为 JSON 错误信封）',
          params: ListeningMaterialParamsSchema,
        },
      },
      async (request, reply) => {
        const vtt = await materialCues(deps, request.params.materialId);
        return reply.type('text/vtt; charset=utf-8').header('cache-control', 'no-cache').send(vtt);
      },
    );

    app.get(
      '/api/listening/materials/:materialId/progress',
      {
        config: { auth: 'user' },
        schema: {
          tags,
          summary: '本人的精听进度（位置、模式、逐句得分）',
          security,
          params: ListeningMaterialParamsSchema,
          response: { 200: okEnvelope(ListeningProgressSchema), ...errors },
        },
      },
      async (request) => ({
        data: await materialProgress(deps, authOf(request).user.id, request.params.materialId),
      }),
    );

    app.put(
      '/api/listening/materials/:materialId/progress',
      {
        config: { auth: 'user' },
        schema: {
          tags,
          summary: '保存精听位置与模式（换设备可继续）',
          security,
          params: ListeningMaterialParamsSchema,
          body: ListeningProgressBodySchema,
          response: { 200: okEnvelope(ListeningProgressSchema), ...errors },
        },
      },
      async (request) => ({
        data: await saveProgress(
          deps,
          authOf(request).user.id,
          request.params.materialId,
          request.body,
        ),
      }),
    );

    app.post(
      '/api/listening/materials/:materialId/sentences/:index/dictation',
      {
        config: { auth: 'user' },
        schema: {
          tags,
          summary: '提交一句听写：逐词比对（漏写、多写、拼错、写错），漏掉的词加入生词本与复习',
          security,
          params: ListeningSentenceParamsSchema,
          body: ListeningDictationBodySchema,
          response: { 200: okEnvelope(ListeningDictationResultSchema), ...errors },
        },
      },
      async (request) => ({
        data: await submitDictation(
          deps,
          authOf(request).user.id,
          request.params.materialId,
          request.params.index,
          request.body,
        ),
      }),
    );

    app.post(
      '/api/listening/materials/:materialId/sentences/:index/shadowing',
      {
        config: { auth: 'user' },
        bodyLimit: LISTENING_RECORDING_MAX_BYTES,
        schema: {
          tags,
          summary: '提交一句跟读：请求体为 16 kHz 单声道 WAV；语音引擎按该句评分并逐词标色',
          security,
          params: ListeningSentenceParamsSchema,
          querystring: ListeningShadowingQuerySchema,
          response: {
            200: okEnvelope(ListeningShadowingResultSchema),
            202: okEnvelope(ListeningShadowingPendingSchema),
            ...errorResponses(400, 401, 404, 413, 429, 503),
          },
        },
      },
      async (request, reply) => {
        const body = request.body;
        if (!Buffer.isBuffer(body) || body.length === 0) {
          throw new AppError(ErrorCode.InvalidInput, '请求体无效：请上传 WAV 录音（audio/wav）');
        }
        const { materialId, index } = request.params;
        const answer = await submitShadowing(
          deps,
          authOf(request).user.id,
          {
            materialId,
            index,
            reviewCardId: request.query.reviewCardId,
            idempotencyKey: request.query.idempotencyKey ?? randomUUID(),
          },
          body,
        );
        if (isShadowingPending(answer)) return reply.code(202).send({ data: answer });
        return { data: answer };
      },
    );

    app.get(
      '/api/listening/materials/:materialId/sentences/:index/shadowing',
      {
        config: { auth: 'user' },
        schema: {
          tags,
          summary: '查询一句跟读的评分结果（提交时返回 202 评分中之后）',
          security,
          params: ListeningSentenceParamsSchema,
          querystring: ListeningShadowingResultQuerySchema,
          response: {
            200: okEnvelope(ListeningShadowingResultSchema),
            202: okEnvelope(ListeningShadowingPendingSchema),
            ...errorResponses(400, 401, 404, 503),
          },
        },
      },
      async (request, reply) => {
        const { materialId, index } = request.params;
        const answer = await shadowingResult(deps, authOf(request).user.id, {
          materialId,
          index,
          ...request.query,
        });
        if (isShadowingPending(answer)) return reply.code(202).send({ data: answer });
        return { data: answer };
      },
    );

    app.get(
      '/api/listening/review/queue',
      {
        config: { auth: 'user' },
        schema: {
          tags,
          summary: '今日复习：现在到期的卡片（最早到期在前）与数量',
          security,
          querystring: ListeningReviewQueueQuerySchema,
          response: { 200: okEnvelope(ListeningReviewQueueSchema), ...errors },
        },
      },
      async (request) => ({
        data: await reviewQueue(deps, authOf(request).user.id, request.query.limit),
      }),
    );

    app.get(
      '/api/listening/review/counts',
      {
        config: { auth: 'user' },
        schema: {
          tags,
          summary: '复习数量：现在到期、今天到期、总数',
          security,
          response: { 200: okEnvelope(ListeningReviewCountsSchema), ...errors },
        },
      },
      async (request) => ({ data: await reviewCounts(deps, authOf(request).user.id) }),
    );

    app.get(
      '/api/listening/review/cards',
      {
        config: { auth: 'user' },
        schema: {
          tags,
          summary: '全部复习卡片（按到期时间）',
          security,
          querystring: ListeningReviewDeckQuerySchema,
          response: { 200: okEnvelope(ListeningReviewDeckSchema), ...errors },
        },
      },
      async (request) => ({
        data: await reviewDeck(deps, authOf(request).user.id, request.query),
      }),
    );

    app.delete(
      '/api/listening/review/cards/:cardId',
      {
        config: { auth: 'user' },
        schema: {
          tags,
          summary: '移出复习卡片（掌握了）',
          security,
          params: ListeningReviewCardParamsSchema,
          response: { 200: okEnvelope(ListeningCardRemovedSchema), ...errors },
        },
      },
      async (request) => ({
        data: await removeReviewCard(deps, authOf(request).user.id, request.params.cardId),
      }),
    );
  };

/** The catalogue of each content directory, read once (a failed read is tried again). */
const catalogueOf = loadOncePerKey(loadMaterials);

export function materialsOf(contentRoot: string): () => Promise<Material[]> {
  return () => catalogueOf(contentRoot);
}

/**
 * Copies the passages' recordings into storage (the bank's recordings are copied by the bank
 * import), unchanged files untouched; the server does it at start, with the bank import.
 */
export async function copyPassageAudio(context: AppContext, materials: readonly Material[]) {
  let written = 0;
  for (const material of materials) {
    if (!material.audioKey.startsWith(`${LISTENING_MEDIA_PREFIX}/`)) continue;
    const src = material.audioKey.slice(LISTENING_MEDIA_PREFIX.length + 1);
    const data = await readFile(path.join(context.config.CONTENT_DIR, LISTENING_DIR, src));
    if (await context.storage.putIfChanged(material.audioKey, data, 'audio/mpeg')) written += 1;
  }
  return written;
}

export const listeningDeps = (context: AppContext): ListeningDeps => ({
  db: context.db,
  clock: context.clock,
  timeZone: context.timeZone,
  storage: context.storage,
  attempts: attemptsContext(context),
  words: { db: context.db, dictionary: context.dictionary },
  materials: materialsOf(context.config.CONTENT_DIR),
  scheduler: listeningScheduler(),
});

export const register: RegisterModule = async (app, context) => {
  const deps = listeningDeps(context);
  if (context.config.CONTENT_IMPORT_ON_START) {
    // A broken catalogue is the content's fault (the content test catches it): the rest of the
    // server still starts, and 精听 answers with the error until the content is fixed.
    try {
      const written = await copyPassageAudio(context, await deps.materials());
      if (written > 0) app.log.info({ written }, 'listening passages copied into storage');
    } catch (error) {
      app.log.error({ err: error }, 'listening materials could not be read');
    }
  }
  await app.register(listeningRoutes(deps));
};
