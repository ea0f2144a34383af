import { itemTypes, type CourseKind, type ItemTypeCode } from '@ninety/contract';

/** 12:34 (or 1:02:03) for a position or a length in seconds. */
export function formatClock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

export const typeName = (code: ItemTypeCode) => `${itemTypes[code].nameZh} ${code}`;

export const KIND_ZH: Record<CourseKind, string> = { skill: '题型精讲', series: '系列课' };

/** The spec's routes: micro-info/{type}/{id} and video-info/{courseType}/{id}?microCourseId=. */
export const coursePath = (kind: string, courseId: string) =>
  `/micro-info/${encodeURIComponent(kind)}/${encodeURIComponent(courseId)}`;
export const lessonPath = (kind: string, lessonId: string, courseId: string) =>
  `/video-info/${encodeURIComponent(kind)}/${encodeURIComponent(lessonId)}?microCourseId=${encodeURIComponent(courseId)}`;

/** Membership is sold on /wow-vip (the orders engineer's page). */
export const MEMBERSHIP_PATH = '/wow-vip';
