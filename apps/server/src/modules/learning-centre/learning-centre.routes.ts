import {
  LearningOverviewSchema,
  LearningProfileSchema,
  LearningProfileUpdateSchema,
  LearningSkillsSchema,
  MistakeBookQuerySchema,
  MistakeBookSchema,
  QuotaInfoSchema,
  StudyPlanSchema,
  okEnvelope,
} from '@ninety/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RegisterModule } from '../../app-context';
import { errorResponses } from '../../lib/error-responses';
import { authOf } from '../../lib/request-auth';
import {
  learningCentreDeps,
  learningOverview,
  learningProfile,
  learningSkills,
  mistakeBook,
  quotaInfo,
  studyPlan,
  updateLearningProfile,
  type LearningCentreDeps,
} from './learning-centre.service';

const errors = errorResponses(400, 401, 403);
const tags = ['learning-centre'];
const security = [{ token: [] }];
const signedIn = { auth: 'user' } as const;

/** 学习中心 (issue 19): figures in the learner's time zone, 错题本, goal and plan, quota. */
export const learningCentreRoutes =
  (deps: LearningCentreDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/learning-centre/overview',
      {
        config: signedIn,
        schema: {
          tags,
          summary:
            '学习中心概览：每日学习时长与练习（近 6 个月）、连续天数、时段、题型统计、本周薄弱题型',
          security,
          response: { 200: okEnvelope(LearningOverviewSchema), ...errors },
        },
      },
      async (request) => ({ data: await learningOverview(deps, authOf(request).user.id) }),
    );

    app.get(
      '/api/learning-centre/skills',
      {
        config: signedIn,
        schema: {
          tags,
          summary: '四项技能估分随时间的变化：每周练习估分与模考成绩（含区间）',
          security,
          response: { 200: okEnvelope(LearningSkillsSchema), ...errors },
        },
      },
      async (request) => ({ data: await learningSkills(deps, authOf(request).user.id) }),
    );

    app.get(
      '/api/learning-centre/mistakes',
      {
        config: signedIn,
        schema: {
          tags,
          summary: '错题本：答错的客观题与低于及格线的主观题，答对两次后移出',
          security,
          querystring: MistakeBookQuerySchema,
          response: { 200: okEnvelope(MistakeBookSchema), ...errors },
        },
      },
      async (request) => ({
        data: await mistakeBook(deps, authOf(request).user.id, request.query),
      }),
    );

    app.get(
      '/api/learning-centre/profile',
      {
        config: signedIn,
        schema: {
          tags,
          summary: '我的目标与学习设置：时区、目标分、考试日期、每日学习时长',
          security,
          response: { 200: okEnvelope(LearningProfileSchema), ...errors },
        },
      },
      async (request) => ({ data: await learningProfile(deps, authOf(request).user.id) }),
    );

    app.post(
      '/api/learning-centre/profile',
      {
        config: signedIn,
        schema: {
          tags,
          summary: '修改目标与学习设置（只改传入的字段，null 清除）',
          security,
          body: LearningProfileUpdateSchema,
          response: { 200: okEnvelope(LearningProfileSchema), ...errors },
        },
      },
      async (request) => ({
        data: await updateLearningProfile(deps, authOf(request).user.id, request.body),
      }),
    );

    app.get(
      '/api/learning-centre/plan',
      {
        config: signedIn,
        schema: {
          tags,
          summary: '今日学习计划：按目标差距与题型权重安排，随成绩调整',
          security,
          response: { 200: okEnvelope(StudyPlanSchema), ...errors },
        },
      },
      async (request) => ({ data: await studyPlan(deps, authOf(request).user.id) }),
    );

    app.get(
      '/api/learning-centre/quota',
      {
        config: signedIn,
        schema: {
          tags,
          summary: '评分次数：每期次数、剩余次数与下次恢复时间（次数用完时的提示框）',
          security,
          response: { 200: okEnvelope(QuotaInfoSchema), ...errors },
        },
      },
      async (request) => ({ data: await quotaInfo(deps, authOf(request).user.id) }),
    );
  };

export const register: RegisterModule = (app, context) =>
  app.register(learningCentreRoutes(learningCentreDeps(context)));
