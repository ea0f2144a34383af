/**
 * 微课 content as authors write it (content/courses/lessons/<type>.yaml, courses.yaml) and as the
 * content command leaves it for the server (content/courses/index.json + media/<lesson>/…: HLS,
 * chapter and subtitle WebVTT, a poster). The server reads index.json once per content directory.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { CourseKindSchema, ItemTypeCodeSchema, LessonAccessSchema } from '@ninety/contract';
import { z } from 'zod';
import { COURSE_MEDIA_PREFIX } from '../../adapters/storage/media-keys';

export const COURSES_DIR = 'courses';
/** The files of one lesson's media: the playlist, its segments, the two tracks, the poster. */
export const LESSON_FILE =
  /^(?:index\.m3u8|init\.mp4|seg-\d{3}\.m4s|chapters\.vtt|subtitles\.zh\.vtt|poster\.jpg)$/;

const LessonIdSchema = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
  .max(40);
const Bilingual = z.object({ zh: z.string().min(1).max(200), en: z.string().min(1).max(300) });

export const LessonFileSchema = z.object({
  id: LessonIdSchema,
  type: ItemTypeCodeSchema,
  title: z.string().min(1).max(60),
  access: LessonAccessSchema,
  /** A bank item of the same type, shown as the worked example and scored for the evidence. */
  exampleItem: z.string().min(1),
  intro: Bilingual,
  strategy: z.array(Bilingual).min(1).max(4),
  mistakes: z.array(Bilingual).min(1).max(4),
  /** A weak answer for the evidence slide (open answers); objective ones are derived from the key. */
  weakAnswer: z.object({ text: z.string().min(1).max(2000) }).optional(),
  /**
   * An unscored type (PI) has no scoring evidence to show: instead, why it is not scored and how
   * institutions still use it. Required for an unscored type, refused for a scored one (the
   * content command checks this against the item type's catalogue).
   */
  unscored: z.object({ why: Bilingual, use: z.array(Bilingual).min(1).max(3) }).optional(),
});
export type LessonFile = z.infer<typeof LessonFileSchema>;

export const CourseFileSchema = z.object({
  courses: z
    .array(
      z.object({
        id: LessonIdSchema,
        kind: CourseKindSchema,
        title: z.string().min(1).max(40),
        descriptionZh: z.string().min(1).max(200),
        lessons: z.array(LessonIdSchema).min(1).max(50),
      }),
    )
    .min(1),
});
export type CourseFile = z.infer<typeof CourseFileSchema>;

const ChapterSchema = z.object({
  start: z.number().min(0),
  end: z.number().positive(),
  title: z.string().min(1),
});

export const CatalogueLessonSchema = z.object({
  id: LessonIdSchema,
  type: ItemTypeCodeSchema,
  title: z.string().min(1),
  summaryZh: z.string().min(1),
  access: LessonAccessSchema,
  exampleItem: z.string().min(1),
  durationSeconds: z.number().positive(),
  chapters: z.array(ChapterSchema).min(1),
  /** The media's files (segments included), as written, so the copy into storage knows them. */
  files: z.array(z.string().regex(LESSON_FILE)).min(5),
});
export type CatalogueLesson = z.infer<typeof CatalogueLessonSchema>;

export const CourseCatalogueSchema = z.object({
  version: z.literal(1),
  lessons: z.array(CatalogueLessonSchema),
  courses: CourseFileSchema.shape.courses,
});
export type CourseCatalogue = z.infer<typeof CourseCatalogueSchema>;

export const catalogueFileOf = (contentRoot: string) =>
  path.join(contentRoot, COURSES_DIR, 'index.json');
export const lessonMediaDirOf = (contentRoot: string, lessonId: string) =>
  path.join(contentRoot, COURSES_DIR, 'media', lessonId);
export const lessonMediaKey = (lessonId: string, file: string) =>
  `${COURSE_MEDIA_PREFIX}/${lessonId}/${file}`;

/** Reads and checks index.json: every course's lessons exist, ids are unique. */
export async function loadCourseCatalogue(contentRoot: string): Promise<CourseCatalogue> {
  const catalogue = CourseCatalogueSchema.parse(
    JSON.parse(await readFile(catalogueFileOf(contentRoot), 'utf8')),
  );
  const ids = new Set(catalogue.lessons.map((lesson) => lesson.id));
  if (ids.size !== catalogue.lessons.length) throw new Error('courses: duplicate lesson id');
  for (const course of catalogue.courses) {
    const missing = course.lessons.filter((id) => !ids.has(id));
    if (missing.length > 0)
      throw new Error(`course ${course.id}: unknown lessons ${missing.join(', ')}`);
  }
  return catalogue;
}
