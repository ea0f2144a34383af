/**
 * 微课 rules (issue 21, ADR 0022): who may watch what, where a learner continues, and the signed
 * links that carry a lesson's media. Courses and lessons are content (courses-catalogue.ts); the
 * database holds only each learner's position and done flag.
 *
 * - A free lesson plays for everyone (signed out too; progress needs sign-in). A member lesson
 *   plays for members and for buyers of a 资料 pack that includes it; anyone else gets its preview (poster, summary, chapters) and no media
 *   links, and saving progress on it is 40302.
 * - Media are private objects (`courses/<lesson>/…`): the playlist comes from our API with every
 *   segment rewritten to a signed `/files` link, so a copied playlist stops working within hours
 *   and a lesson's files are never listed publicly.
 */
import {
  ErrorCode,
  type CourseDetail,
  type CourseList,
  type CourseSummary,
  type LessonDetail,
  type LessonProgress,
  type LessonProgressBody,
  type LessonSummary,
} from '@ninety/contract';
import type { ObjectStorage } from '../../adapters/storage/object-storage';
import { MEDIA_PATH } from '../../adapters/storage/media-keys';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { RecordingLinks } from '../../lib/recording-links';
import type { UserRow } from '../../lib/request-auth';
import { findUser, isMember } from '../users/users.service';
import { lessonMediaKey, type CatalogueLesson, type CourseCatalogue } from './courses-catalogue';
import { toCoursesExport, toLessonProgress } from './courses.mapper';
import {
  findProgress,
  listProgress,
  saveProgress,
  type CourseProgressRow,
} from './courses.repository';

export interface CoursesDeps {
  db: Db;
  clock: Clock;
  storage: ObjectStorage;
  /** Signs and checks the media links (the same HMAC links as learners' recordings). */
  links: RecordingLinks;
  catalogue: () => Promise<CourseCatalogue>;
  /** The lessons a learner's bought 资料 open (materials.service), member lessons included. */
  purchasedLessons: (userId: number) => Promise<ReadonlySet<string>>;
}

/** Who is watching: signed out (null), a member, or not. */
export interface Viewer {
  userId: number;
  member: boolean;
  /** Lessons opened to a non-member by a bought pack. */
  purchased: ReadonlySet<string>;
}

const NONE: ReadonlySet<string> = new Set();

export async function viewerOf(
  deps: Pick<CoursesDeps, 'clock' | 'purchasedLessons'>,
  user: UserRow | null,
): Promise<Viewer | null> {
  if (!user) return null;
  const member = isMember(user, deps.clock.now());
  // A member sees every lesson: no need to ask what they bought.
  return {
    userId: user.id,
    member,
    purchased: member ? NONE : await deps.purchasedLessons(user.id),
  };
}

/** The API path of a lesson's playlist (signed; it answers with signed segment links). */
export const playlistPath = (lessonId: string) =>
  `/api/courses/media/${encodeURIComponent(lessonId)}/index.m3u8`;
const filePath = (lessonId: string, file: string) =>
  `${MEDIA_PATH}/${lessonMediaKey(lessonId, file)}`;

/**
 * A member lesson's media links last minutes, not hours: a learner whose membership lapses (or
 * whose pack is refunded) loses the video within this long. Lessons are about a minute, and the
 * player buffers the whole lesson at once, so the segments are all fetched well within it.
 */
export const MEMBER_LINK_SECONDS = 10 * 60;

/** What a member lesson's playlist link signs: the playlist and the viewer it was given to. */
const viewerBound = (lessonId: string, userId: number) =>
  `${playlistPath(lessonId)}?viewer=${userId}`;

const locked = (lesson: CatalogueLesson, viewer: Viewer | null) =>
  lesson.access === 'member' && !viewer?.member && !viewer?.purchased.has(lesson.id);

async function progressByLesson(deps: CoursesDeps, viewer: Viewer | null) {
  if (!viewer) return null;
  const rows = await listProgress(deps.db, viewer.userId);
  return new Map<string, CourseProgressRow>(rows.map((row) => [row.lessonId, row]));
}

function lessonSummary(
  deps: CoursesDeps,
  lesson: CatalogueLesson,
  viewer: Viewer | null,
  progress: Map<string, CourseProgressRow> | null,
): LessonSummary {
  const row = progress?.get(lesson.id);
  return {
    id: lesson.id,
    type: lesson.type,
    title: lesson.title,
    summaryZh: lesson.summaryZh,
    access: lesson.access,
    durationSeconds: lesson.durationSeconds,
    locked: locked(lesson, viewer),
    posterUrl: deps.links.sign(filePath(lesson.id, 'poster.jpg')),
    progress: row ? toLessonProgress(row) : null,
  };
}

function courseSummary(
  course: CourseCatalogue['courses'][number],
  lessons: readonly CatalogueLesson[],
  progress: Map<string, CourseProgressRow> | null,
): CourseSummary {
  return {
    id: course.id,
    kind: course.kind,
    title: course.title,
    descriptionZh: course.descriptionZh,
    types: [...new Set(lessons.map((lesson) => lesson.type))],
    lessonCount: lessons.length,
    freeCount: lessons.filter((lesson) => lesson.access === 'free').length,
    durationSeconds: Number(lessons.reduce((sum, l) => sum + l.durationSeconds, 0).toFixed(1)),
    doneCount: progress ? lessons.filter((lesson) => progress.get(lesson.id)?.done).length : null,
  };
}

function lessonsOf(catalogue: CourseCatalogue, course: CourseCatalogue['courses'][number]) {
  const byId = new Map(catalogue.lessons.map((lesson) => [lesson.id, lesson]));
  return course.lessons.map((id) => byId.get(id)!);
}

export async function listCourses(deps: CoursesDeps, viewer: Viewer | null): Promise<CourseList> {
  const catalogue = await deps.catalogue();
  const progress = await progressByLesson(deps, viewer);
  return {
    courses: catalogue.courses.map((course) =>
      courseSummary(course, lessonsOf(catalogue, course), progress),
    ),
    isMember: viewer?.member ?? false,
  };
}

export async function courseDetail(
  deps: CoursesDeps,
  courseId: string,
  viewer: Viewer | null,
): Promise<CourseDetail> {
  const catalogue = await deps.catalogue();
  const course = catalogue.courses.find((candidate) => candidate.id === courseId);
  if (!course) throw new AppError(ErrorCode.NotFound, '课程不存在');
  const progress = await progressByLesson(deps, viewer);
  const lessons = lessonsOf(catalogue, course);
  return {
    ...courseSummary(course, lessons, progress),
    lessons: lessons.map((lesson) => lessonSummary(deps, lesson, viewer, progress)),
    isMember: viewer?.member ?? false,
  };
}

export async function lessonDetail(
  deps: CoursesDeps,
  lessonId: string,
  courseId: string | undefined,
  viewer: Viewer | null,
): Promise<LessonDetail> {
  const catalogue = await deps.catalogue();
  const lesson = catalogue.lessons.find((candidate) => candidate.id === lessonId);
  const course = catalogue.courses.find((candidate) =>
    courseId === undefined ? candidate.lessons.includes(lessonId) : candidate.id === courseId,
  );
  if (!lesson || !course || !course.lessons.includes(lessonId)) {
    throw new AppError(ErrorCode.NotFound, '课程不存在');
  }
  const row = viewer ? await findProgress(deps.db, viewer.userId, lessonId) : null;
  const progress = row ? new Map([[lessonId, row]]) : null;
  const at = course.lessons.indexOf(lessonId);
  const isLocked = locked(lesson, viewer);
  return {
    courseId: course.id,
    courseTitle: course.title,
    lesson: lessonSummary(deps, lesson, viewer, progress),
    chapters: lesson.chapters,
    media: isLocked
      ? null
      : {
          playlistUrl:
            lesson.access === 'member' && viewer
              ? // The viewer is checked again when the playlist is fetched.
                deps.links
                  .signFor(viewerBound(lesson.id, viewer.userId), MEMBER_LINK_SECONDS)
                  .replace(/\?expires=/, '&expires=')
              : deps.links.sign(playlistPath(lesson.id)),
          chaptersUrl: deps.links.sign(filePath(lesson.id, 'chapters.vtt')),
          subtitlesUrl: deps.links.sign(filePath(lesson.id, 'subtitles.zh.vtt')),
        },
    previousLessonId: course.lessons[at - 1] ?? null,
    nextLessonId: course.lessons[at + 1] ?? null,
  };
}

export async function saveLessonProgress(
  deps: CoursesDeps,
  viewer: Viewer,
  lessonId: string,
  body: LessonProgressBody,
): Promise<LessonProgress> {
  const catalogue = await deps.catalogue();
  const lesson = catalogue.lessons.find((candidate) => candidate.id === lessonId);
  if (!lesson) throw new AppError(ErrorCode.NotFound, '课程不存在');
  if (locked(lesson, viewer)) {
    throw new AppError(ErrorCode.MembershipRequired, '这节课仅对会员开放，开通会员后即可观看');
  }
  const row = await saveProgress(deps.db, {
    userId: viewer.userId,
    lessonId,
    // A player past the end (or a hostile client) is kept inside the lesson.
    positionSeconds: Math.min(body.positionSeconds, lesson.durationSeconds),
    done: body.done ?? false,
    at: deps.clock.now(),
  });
  return toLessonProgress(row);
}

/**
 * The lesson's playlist with every URI (the init segment and the media segments) replaced by a
 * signed file link; 40401 for a bad or expired signature, an unknown lesson or missing media.
 */
export async function signedPlaylist(
  deps: CoursesDeps,
  lessonId: string,
  query: { expires?: unknown; signature?: unknown; viewer?: unknown },
): Promise<string> {
  const catalogue = await deps.catalogue();
  const lesson = catalogue.lessons.find((candidate) => candidate.id === lessonId);
  const viewerId =
    typeof query.viewer === 'string' && /^\d{1,15}$/.test(query.viewer)
      ? Number(query.viewer)
      : null;
  const signed =
    lesson?.access === 'member'
      ? viewerId !== null &&
        deps.links.verify(viewerBound(lessonId, viewerId), query.expires, query.signature)
      : deps.links.verify(playlistPath(lessonId), query.expires, query.signature);
  if (!signed) {
    throw new AppError(ErrorCode.NotFound, '视频不存在或链接已过期，请刷新页面');
  }
  if (!lesson) throw new AppError(ErrorCode.NotFound, '视频不存在');
  const member = lesson.access === 'member';
  if (member) {
    // Asked again now, not only when the link was given: a lapsed membership or a refunded pack
    // stops the video at the next load of the page.
    const user = await findUser(deps, viewerId!);
    if (locked(lesson, await viewerOf(deps, user))) {
      throw new AppError(ErrorCode.MembershipRequired, '会员已到期，续费会员后即可继续观看');
    }
  }
  const stored = await deps.storage.get(lessonMediaKey(lessonId, 'index.m3u8'));
  if (!stored) throw new AppError(ErrorCode.NotFound, '视频暂不可用，请稍后再试');
  const signFile = (file: string) =>
    member
      ? deps.links.signFor(filePath(lessonId, file), MEMBER_LINK_SECONDS)
      : deps.links.sign(filePath(lessonId, file));
  const sign = (uri: string) => (/^[a-z0-9.-]+$/i.test(uri) ? signFile(uri) : uri);
  return Buffer.from(stored)
    .toString('utf8')
    .split('\n')
    .map((line) => {
      if (line.startsWith('#EXT-X-MAP:')) {
        return line.replace(/URI="([^"]+)"/, (_, uri: string) => `URI="${sign(uri)}"`);
      }
      return line === '' || line.startsWith('#') ? line : sign(line.trim());
    })
    .join('\n');
}

/** The learner's positions and done flags, for their account export (the account module). */
export async function coursesExportOf(deps: Pick<CoursesDeps, 'db'>, userId: number) {
  return toCoursesExport(await listProgress(deps.db, userId));
}
