import {
  ErrorCode,
  ExamedResultSchema,
  ExamedVoiceQuerySchema,
  isScoringPending,
  okEnvelope,
  RECORDING_MAX_BYTES,
  ScoringPendingSchema,
} from '@ninety/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RegisterModule } from '../../app-context';
import { errorResponses } from '../../lib/error-responses';
import { AppError } from '../../lib/app-error';
import { authOf } from '../../lib/request-auth';
import { attemptsContext, scorePractice, type AttemptsContext } from './attempts.service';
import { acceptRecordingBodies } from '../../lib/recording-body';
import { purchaseUnlocks, type PurchaseUnlocks } from '../materials/materials.service';

const errors = errorResponses(400, 401, 403, 404, 413);

/** The recording arrives as the raw body (spec §7 upload helper), a WAV up to the longest answer. */
export const voiceAttemptsRoutes =
  (context: AttemptsContext, purchases: PurchaseUnlocks): FastifyPluginAsyncZod =>
  async (app) => {
    acceptRecordingBodies(app);

    app.post(
      '/api/posts/examedVoice',
      {
        config: { auth: 'user' },
        bodyLimit: RECORDING_MAX_BYTES,
        schema: {
          tags: ['practice'],
          summary:
            '提交一次口语练习：请求体为 16 kHz 单声道 WAV 录音；服务器评分并保存录音（需登录，非会员消耗 1 次）',
          security: [{ token: [] }],
          querystring: ExamedVoiceQuerySchema,
          response: {
            200: okEnvelope(ExamedResultSchema),
            202: okEnvelope(ScoringPendingSchema),
            ...errors,
          },
        },
      },
      async (request, reply) => {
        const body = request.body;
        if (!Buffer.isBuffer(body) || body.length === 0) {
          throw new AppError(ErrorCode.InvalidInput, '请求体无效：请上传 WAV 录音（audio/wav）');
        }
        const result = await scorePractice(
          { ...request.query, userId: authOf(request).user.id, kind: 'recording', wav: body },
          context,
          purchases,
        );
        if (isScoringPending(result)) return reply.code(202).send({ data: result });
        return { data: result };
      },
    );
  };

/** Registered as its own entry (after settings), where the OpenAPI document has always listed it. */
export const register: RegisterModule = (app, context) =>
  app.register(voiceAttemptsRoutes(attemptsContext(context), purchaseUnlocks(context)));
