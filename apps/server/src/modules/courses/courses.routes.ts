import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  CourseDetailSchema,
  CourseListSchema,
  CourseParamsSchema,
  LessonDetailSchema,
  LessonParamsSchema,
  LessonProgressBodySchema,
  LessonProgressSchema,
  LessonQuerySchema,
  okEnvelope,
} from '@ninety/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext, RegisterModule } from '../../app-context';
import { errorResponses } from '../../lib/error-responses';
import { authOf } from '../../lib/request-auth';
import { purchaseUnlocks } from '../materials/materials.service';
import {
  lessonMediaDirOf,
  lessonMediaKey,
  loadCourseCatalogue,
  type CourseCatalogue,
} from './courses-catalogue';
import {
  courseDetail,
  lessonDetail,
  listCourses,
  saveLessonProgress,
  signedPlaylist,
  viewerOf,
  type CoursesDeps,
} from './courses.service';

const errors = errorResponses(400, 401, 404);
const tags = ['courses'];
const security = [{ token: [] }];

/** 微课 (issue 21): courses, lessons, signed media and each learner's position. ADR 0022. */
export const coursesRoutes =
  (deps: CoursesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const viewer = (request: { auth: { user: Parameters<typeof viewerOf>[1] } | null }) =>
      viewerOf(deps, request.auth?.user ?? null);

    app.get(
      '/api/courses',
      {
        config: { auth: 'optional' },
        schema: {
          tags,
          summary: '微课列表：按题型的课程与系列课，含本人已学完节数',
          response: { 200: okEnvelope(CourseListSchema), ...errors },
        },
      },
      async (request) => ({ data: await listCourses(deps, await viewer(request)) }),
    );

    app.get(
      '/api/courses/:courseId',
      {
        config: { auth: 'optional' },
        schema: {
          tags,
          summary: '一门微课的全部课节：免费或会员、时长、本人进度',
          params: CourseParamsSchema,
          response: { 200: okEnvelope(CourseDetailSchema), ...errors },
        },
      },
      async (request) => ({
        data: await courseDetail(deps, request.params.courseId, await viewer(request)),
      }),
    );

    app.get(
      '/api/courses/lessons/:lessonId',
      {
        config: { auth: 'optional' },
        schema: {
          tags,
          summary: '播放一节微课：签名的视频与字幕链接（会员课仅会员）、章节、上一节与下一节',
          params: LessonParamsSchema,
          querystring: LessonQuerySchema,
          response: { 200: okEnvelope(LessonDetailSchema), ...errors },
        },
      },
      async (request) => ({
        data: await lessonDetail(
          deps,
          request.params.lessonId,
          request.query.courseId,
          await viewer(request),
        ),
      }),
    );

    app.put(
      '/api/courses/lessons/:lessonId/progress',
      {
        config: { auth: 'user' },
        schema: {
          tags,
          summary: '保存观看位置（约每 10 秒、暂停与离开页面时），或标记学完；换设备从同一秒继续',
          security,
          params: LessonParamsSchema,
          body: LessonProgressBodySchema,
          response: {
            200: okEnvelope(LessonProgressSchema),
            ...errorResponses(400, 401, 403, 404),
          },
        },
      },
      async (request) => {
        const user = authOf(request).user;
        return {
          data: await saveLessonProgress(
            deps,
            (await viewerOf(deps, user))!,
            request.params.lessonId,
            request.body,
          ),
        };
      },
    );

    app.get(
      '/api/courses/media/:lessonId/index.m3u8',
      {
        schema: {
          tags,
          summary: 'HLS 播放列表（签名链接；各分片为签名的文件链接；出错时为 JSON 错误信封）',
          params: LessonParamsSchema,
          querystring: z.object({
            expires: z.string().optional(),
            signature: z.string().optional(),
            viewer: z.string().max(20).optional(),
          }),
        },
      },
      async (request, reply) => {
        const playlist = await signedPlaylist(deps, request.params.lessonId, request.query);
        return reply
          .type('application/vnd.apple.mpegurl')
          .header('cache-control', 'private, no-store')
          .send(playlist);
      },
    );
  };

const MEDIA_TYPES: Record<string, string> = {
  m3u8: 'application/vnd.apple.mpegurl',
  mp4: 'video/mp4',
  m4s: 'video/iso.segment',
  vtt: 'text/vtt',
  jpg: 'image/jpeg',
};

/** The catalogue of each content directory, read once (a failed read is tried again). */
const catalogues = new Map<string, Promise<CourseCatalogue>>();

export function catalogueOf(contentRoot: string): () => Promise<CourseCatalogue> {
  return () => {
    let loading = catalogues.get(contentRoot);
    if (!loading) {
      loading = loadCourseCatalogue(contentRoot);
      loading.catch(() => catalogues.delete(contentRoot));
      catalogues.set(contentRoot, loading);
    }
    return loading;
  };
}

/** Copies every lesson's media into storage (private keys), unchanged files untouched. */
export async function copyLessonMedia(
  storage: AppContext['storage'],
  contentRoot: string,
  catalogue: CourseCatalogue,
): Promise<number> {
  let written = 0;
  for (const lesson of catalogue.lessons) {
    for (const file of lesson.files) {
      const data = await readFile(path.join(lessonMediaDirOf(contentRoot, lesson.id), file));
      const type = MEDIA_TYPES[file.slice(file.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
      if (await storage.putIfChanged(lessonMediaKey(lesson.id, file), data, type)) written += 1;
    }
  }
  return written;
}

export const coursesDeps = (context: AppContext): CoursesDeps => ({
  db: context.db,
  clock: context.clock,
  storage: context.storage,
  links: context.recordingLinks,
  catalogue: catalogueOf(context.config.CONTENT_DIR),
  purchasedLessons: purchaseUnlocks(context).lessonsOf,
});

export const register: RegisterModule = async (app, context) => {
  const deps = coursesDeps(context);
  if (context.config.CONTENT_IMPORT_ON_START) {
    // Broken content is the content's fault (the content test catches it): the rest of the
    // server starts, and 微课 answers with the error until it is fixed.
    try {
      const written = await copyLessonMedia(
        context.storage,
        context.config.CONTENT_DIR,
        await deps.catalogue(),
      );
      if (written > 0) app.log.info({ written }, 'course media copied into storage');
    } catch (error) {
      app.log.error({ err: error }, 'courses could not be read');
    }
  }
  await app.register(coursesRoutes(deps));
};
