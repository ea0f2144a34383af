import {
  ErrorCode,
  MOCK_ANSWER_MAX_BYTES,
  MockAnswerBodySchema,
  MockBlueprintListSchema,
  MockDraftBodySchema,
  MockDraftSavedSchema,
  MockItemAnalysisSchema,
  MockItemParamsSchema,
  MockPaperParamsSchema,
  MockPaperStateSchema,
  MockRecordListQuerySchema,
  MockRecordListSchema,
  MockReportSchema,
  MockUploadedRecordingBodySchema,
  okEnvelope,
  RECORDING_MAX_BYTES,
  StartMockBodySchema,
} from '@ninety/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RegisterModule } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { errorResponses } from '../../lib/error-responses';
import { authOf } from '../../lib/request-auth';
import {
  discardPaper,
  finishPaper,
  itemAnalysis,
  listBlueprints,
  listRecords,
  mockContext,
  mockReport,
  paperState,
  saveDraft,
  startPaper,
  submitAnswer,
  submitUploadedRecording,
  type MockContext,
} from './mock.service';
import { acceptRecordingBodies } from '../../lib/recording-body';

const errors = errorResponses(400, 401, 403, 404, 413);
const publicErrors = errorResponses(400, 401, 404);
const tags = ['mock'];
const security = [{ token: [] }];

/** Mock exams (issue 13; docs/mock-exams.md): papers, the server's clock, reports. */
export const mockRoutes =
  (context: MockContext): FastifyPluginAsyncZod =>
  async (app) => {
    acceptRecordingBodies(app);

    app.get(
      '/api/mock/blueprints',
      {
        config: { auth: 'optional' },
        schema: {
          tags,
          summary: '可选的模考试卷类型：全真模考、单项模考、迷你模考、水平测试',
          response: { 200: okEnvelope(MockBlueprintListSchema), ...publicErrors },
        },
      },
      async () => ({ data: { list: await listBlueprints(context) } }),
    );

    app.post(
      '/api/mock/papers',
      {
        config: { auth: 'user' },
        schema: {
          tags,
          summary: '开始一份模考：按试卷类型组卷，返回第一题（需登录，非会员每份模考消耗 1 次）',
          security,
          body: StartMockBodySchema,
          response: { 200: okEnvelope(MockPaperStateSchema), ...errors },
        },
      },
      async (request) => ({
        data: await startPaper(context, authOf(request).user.id, request.body.blueprintId),
      }),
    );

    app.get(
      '/api/mock/papers',
      {
        config: { auth: 'user' },
        schema: {
          tags,
          summary: '我的模考记录：作答中（可续考）、评分中（进度）、已出分（总分），新的在前',
          security,
          querystring: MockRecordListQuerySchema,
          response: { 200: okEnvelope(MockRecordListSchema), ...errors },
        },
      },
      async (request) => ({
        data: await listRecords(
          context,
          authOf(request).user.id,
          request.query.page,
          request.query.perPage,
        ),
      }),
    );

    app.get(
      '/api/mock/papers/:paperId',
      {
        config: { auth: 'user' },
        schema: {
          tags,
          summary: '模考当前状态（续考）：当前题、服务器剩余时间、已自动保存的作答',
          security,
          params: MockPaperParamsSchema,
          response: { 200: okEnvelope(MockPaperStateSchema), ...errors },
        },
      },
      async (request) => ({
        data: await paperState(context, authOf(request).user.id, request.params.paperId),
      }),
    );

    app.put(
      '/api/mock/papers/:paperId/items/:index/draft',
      {
        config: { auth: 'user' },
        bodyLimit: MOCK_ANSWER_MAX_BYTES,
        schema: {
          tags,
          summary: '自动保存当前题的作答草稿（仅当前题、截止时间之前）',
          security,
          params: MockItemParamsSchema,
          body: MockDraftBodySchema,
          response: { 200: okEnvelope(MockDraftSavedSchema), ...errors },
        },
      },
      async (request) => ({
        data: await saveDraft(
          context,
          authOf(request).user.id,
          request.params.paperId,
          request.params.index,
          request.body.answer,
        ),
      }),
    );

    app.post(
      '/api/mock/papers/:paperId/items/:index/answer',
      {
        config: { auth: 'user' },
        bodyLimit: MOCK_ANSWER_MAX_BYTES,
        schema: {
          tags,
          summary:
            '提交当前题（文字或选项；answer 为 null 表示不作答直接下一题），服务器评分后进入下一题',
          security,
          params: MockItemParamsSchema,
          body: MockAnswerBodySchema,
          response: { 200: okEnvelope(MockPaperStateSchema), ...errors },
        },
      },
      async (request) => {
        const { answer } = request.body;
        return {
          data: await submitAnswer(
            context,
            authOf(request).user.id,
            request.params.paperId,
            request.params.index,
            answer === null || answer === undefined
              ? { kind: 'none' }
              : { kind: 'written', answer },
          ),
        };
      },
    );

    app.post(
      '/api/mock/papers/:paperId/items/:index/recording',
      {
        config: { auth: 'user' },
        bodyLimit: RECORDING_MAX_BYTES,
        schema: {
          tags,
          summary: '提交当前口语题的录音：请求体为 16 kHz 单声道 WAV（audio/wav），随后进入下一题',
          security,
          params: MockItemParamsSchema,
          response: { 200: okEnvelope(MockPaperStateSchema), ...errors },
        },
      },
      async (request) => {
        const body = request.body;
        if (!Buffer.isBuffer(body) || body.length === 0) {
          throw new AppError(ErrorCode.InvalidInput, '请求体无效：请上传 WAV 录音（audio/wav）');
        }
        return {
          data: await submitAnswer(
            context,
            authOf(request).user.id,
            request.params.paperId,
            request.params.index,
            { kind: 'recording', wav: body },
          ),
        };
      },
    );

    app.post(
      '/api/mock/papers/:paperId/items/:index/recording-upload',
      {
        config: { auth: 'user' },
        schema: {
          tags,
          summary:
            '提交当前口语题的录音：录音先经分片上传（用途 mock-recording），这里引用上传完成的对象键；重复提交同一录音只记一次',
          security,
          params: MockItemParamsSchema,
          body: MockUploadedRecordingBodySchema,
          response: { 200: okEnvelope(MockPaperStateSchema), ...errors },
        },
      },
      async (request) => ({
        data: await submitUploadedRecording(
          context,
          authOf(request).user.id,
          request.params.paperId,
          request.params.index,
          request.body.key,
        ),
      }),
    );

    app.post(
      '/api/mock/papers/:paperId/finish',
      {
        config: { auth: 'user' },
        schema: {
          tags,
          summary: '交卷：当前题按已保存的作答提交，其余题记为未作答，开始出分',
          security,
          params: MockPaperParamsSchema,
          response: { 200: okEnvelope(MockPaperStateSchema), ...errors },
        },
      },
      async (request) => ({
        data: await finishPaper(context, authOf(request).user.id, request.params.paperId),
      }),
    );

    app.post(
      '/api/mock/papers/:paperId/discard',
      {
        config: { auth: 'user' },
        schema: {
          tags,
          summary: '放弃这份未完成的模考',
          security,
          params: MockPaperParamsSchema,
          response: { 200: okEnvelope(MockPaperStateSchema), ...errors },
        },
      },
      async (request) => ({
        data: await discardPaper(context, authOf(request).user.id, request.params.paperId),
      }),
    );

    app.get(
      '/api/mock/reports/:paperId',
      {
        config: { auth: 'optional' },
        schema: {
          tags,
          summary: '模考成绩单（公开链接，无需登录；公开视图不含录音与作答，本人可见对比）',
          params: MockPaperParamsSchema,
          response: { 200: okEnvelope(MockReportSchema), ...publicErrors },
        },
      },
      async (request) => ({
        data: await mockReport(context, request.auth?.user.id ?? null, request.params.paperId),
      }),
    );

    app.get(
      '/api/mock/reports/:paperId/items/:index',
      {
        config: { auth: 'optional' },
        schema: {
          tags,
          summary: '模考单题解析：题目、答案、范文与解析、考生作答与得分（公开；录音仅本人可见）',
          params: MockItemParamsSchema,
          response: { 200: okEnvelope(MockItemAnalysisSchema), ...publicErrors },
        },
      },
      async (request) => ({
        data: await itemAnalysis(
          context,
          request.auth?.user.id ?? null,
          request.params.paperId,
          request.params.index,
        ),
      }),
    );
  };

export const register: RegisterModule = (app, context) =>
  app.register(mockRoutes(mockContext(context)));
