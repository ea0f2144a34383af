import { z } from 'zod';
import { ItemTypeCodeSchema } from '../item-types/catalogue';

/**
 * 微课 (issue 21): short narrated lessons, one per item type at least, grouped into courses (one
 * per skill) and series (a study order, e.g. 7 天听力提分). A lesson is free or for members; a
 * non-member sees a member lesson's preview (poster, chapters, summary) and the way to /wow-vip.
 * Positions are saved on the server, so another device continues at the same second.
 */

export const CourseKindSchema = z
  .enum(['skill', 'series'])
  .meta({ id: 'CourseKind', description: '课程类型：skill 按题型（一个技能一门），series 系列课' });
export type CourseKind = z.infer<typeof CourseKindSchema>;

export const LessonAccessSchema = z
  .enum(['free', 'member'])
  .meta({ id: 'LessonAccess', description: '免费课，或会员课' });
export type LessonAccess = z.infer<typeof LessonAccessSchema>;

export const CourseIdSchema = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, '课程不存在')
  .max(40);
export const LessonIdSchema = CourseIdSchema;

export const CourseParamsSchema = z.object({ courseId: CourseIdSchema });
export const LessonParamsSchema = z.object({ lessonId: LessonIdSchema });
/** The course a lesson is watched in (its previous and next); absent: the first that holds it. */
export const LessonQuerySchema = z.object({ courseId: CourseIdSchema.optional() });
export type LessonQuery = z.infer<typeof LessonQuerySchema>;

/** A learner's place in a lesson; null signed out or never opened. */
export const LessonProgressSchema = z
  .object({
    lessonId: LessonIdSchema,
    /** Seconds from the start, where playback continues. */
    positionSeconds: z.number().min(0),
    done: z.boolean(),
    updatedAt: z.string(),
  })
  .meta({ id: 'LessonProgress', description: '本人的观看进度：位置（秒）与是否学完' });
export type LessonProgress = z.infer<typeof LessonProgressSchema>;

/** What the player saves every ~10 s, on pause and on pagehide; `done` marks the lesson learnt. */
export const LessonProgressBodySchema = z.strictObject({
  positionSeconds: z
    .number()
    .min(0)
    .max(24 * 60 * 60),
  done: z.boolean().optional(),
});
export type LessonProgressBody = z.infer<typeof LessonProgressBodySchema>;

export const ChapterSchema = z.object({
  start: z.number().min(0),
  end: z.number().positive(),
  title: z.string(),
});
export type Chapter = z.infer<typeof ChapterSchema>;

export const LessonSummarySchema = z
  .object({
    id: LessonIdSchema,
    type: ItemTypeCodeSchema,
    title: z.string(),
    summaryZh: z.string(),
    access: LessonAccessSchema,
    durationSeconds: z.number().positive(),
    /** A member lesson and the viewer is not a member: only the preview. */
    locked: z.boolean(),
    /** The first slide (a signed link, like every lesson file). */
    posterUrl: z.string(),
    progress: LessonProgressSchema.nullable(),
  })
  .meta({ id: 'LessonSummary', description: '微课一节：题型、标题、时长、免费或会员、本人进度' });
export type LessonSummary = z.infer<typeof LessonSummarySchema>;

export const CourseSummarySchema = z
  .object({
    id: CourseIdSchema,
    kind: CourseKindSchema,
    title: z.string(),
    descriptionZh: z.string(),
    /** Item types of its lessons, in lesson order, each once. */
    types: z.array(ItemTypeCodeSchema),
    lessonCount: z.int().min(0),
    freeCount: z.int().min(0),
    durationSeconds: z.number().min(0),
    /** Lessons marked done; null signed out. */
    doneCount: z.int().min(0).nullable(),
  })
  .meta({ id: 'CourseSummary', description: '一门微课：类型、简介、节数、时长、已学完节数' });
export type CourseSummary = z.infer<typeof CourseSummarySchema>;

export const CourseListSchema = z
  .object({ courses: z.array(CourseSummarySchema), isMember: z.boolean() })
  .meta({ id: 'CourseList', description: '全部微课（按题型的课程与系列课）' });
export type CourseList = z.infer<typeof CourseListSchema>;

export const CourseDetailSchema = CourseSummarySchema.extend({
  lessons: z.array(LessonSummarySchema),
  isMember: z.boolean(),
}).meta({ id: 'CourseDetail', description: '一门微课的全部课节与本人进度' });
export type CourseDetail = z.infer<typeof CourseDetailSchema>;

export const LessonDetailSchema = z
  .object({
    courseId: CourseIdSchema,
    courseTitle: z.string(),
    lesson: LessonSummarySchema,
    chapters: z.array(ChapterSchema),
    /** Signed links to the HLS playlist and the two tracks; null when locked (preview only). */
    media: z
      .object({ playlistUrl: z.string(), chaptersUrl: z.string(), subtitlesUrl: z.string() })
      .nullable(),
    previousLessonId: LessonIdSchema.nullable(),
    nextLessonId: LessonIdSchema.nullable(),
  })
  .meta({ id: 'LessonDetail', description: '播放一节微课：视频与字幕链接、章节、上一节与下一节' });
export type LessonDetail = z.infer<typeof LessonDetailSchema>;

/**
 * The 微课 API (JSON in `{ data }` envelopes; errors `{ code, msg }`). Signed out, lists and
 * details answer with `progress: null` and member lessons locked; saving progress needs sign-in.
 */
export const coursesPaths = {
  /** GET → CourseList. */
  list: '/api/courses',
  /** GET → CourseDetail; 40401 unknown course. */
  detail: (courseId: string) => `/api/courses/${encodeURIComponent(courseId)}`,
  /** GET LessonQuery → LessonDetail; 40401 unknown lesson, or a course that does not hold it. */
  lesson: (lessonId: string, courseId?: string) =>
    `/api/courses/lessons/${encodeURIComponent(lessonId)}${
      courseId ? `?courseId=${encodeURIComponent(courseId)}` : ''
    }`,
  /** PUT LessonProgressBody → LessonProgress (sign-in); 40401 unknown lesson, 40302 a member lesson for a non-member. */
  progress: (lessonId: string) => `/api/courses/lessons/${encodeURIComponent(lessonId)}/progress`,
} as const;
