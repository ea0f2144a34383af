import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { ITEM_TYPE_CODES, itemTypes } from '@ninety/contract';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/test-app';
import {
  COURSES_DIR,
  LessonFileSchema,
  lessonMediaDirOf,
  loadCourseCatalogue,
} from './courses-catalogue';

/**
 * The committed 微课 content (npm run content:courses): every lesson file made into media, a
 * lesson for every type (PI's says why it is unscored), chapters and subtitles that fit the video, and media kept small.
 */
const contentRoot = testConfig().CONTENT_DIR;

describe('course content', async () => {
  const catalogue = await loadCourseCatalogue(contentRoot);
  const lessonDir = path.join(contentRoot, COURSES_DIR, 'lessons');

  it('holds every lesson file, made from its current data', async () => {
    const files = (await readdir(lessonDir)).filter((file) => file.endsWith('.yaml'));
    const lessons = await Promise.all(
      files.map(async (file) =>
        LessonFileSchema.parse(parse(await readFile(path.join(lessonDir, file), 'utf8'))),
      ),
    );
    expect(catalogue.lessons.map((l) => l.id).sort()).toEqual(lessons.map((l) => l.id).sort());
    for (const lesson of lessons) {
      const made = catalogue.lessons.find((l) => l.id === lesson.id)!;
      expect(made, lesson.id).toMatchObject({
        title: lesson.title,
        access: lesson.access,
        type: lesson.type,
      });
    }
  });

  it('teaches every item type, with free lessons and a series', () => {
    expect(new Set(catalogue.lessons.map((l) => l.type))).toEqual(new Set(ITEM_TYPE_CODES));
    expect(catalogue.lessons.some((l) => l.access === 'free')).toBe(true);
    expect(catalogue.courses.some((c) => c.kind === 'series')).toBe(true);
  });

  it('says why PI is unscored instead of showing scoring evidence', async () => {
    const lessons = await Promise.all(
      (await readdir(lessonDir))
        .filter((file) => file.endsWith('.yaml'))
        .map(async (file) =>
          LessonFileSchema.parse(parse(await readFile(path.join(lessonDir, file), 'utf8'))),
        ),
    );
    // The unscored note belongs to the unscored type alone.
    for (const lesson of lessons) {
      expect(lesson.unscored !== undefined, lesson.id).toBe(!itemTypes[lesson.type].isScored);
    }
    const pi = catalogue.lessons.find((l) => l.type === 'PI')!;
    const titles = pi.chapters.map((c) => c.title);
    expect(titles).toContain('为什么不计分');
    expect(titles).not.toContain('评分示例');
    const subtitles = await readFile(
      path.join(lessonMediaDirOf(contentRoot, pi.id), 'subtitles.zh.vtt'),
      'utf8',
    );
    expect(subtitles).toContain('院校');
    expect(catalogue.courses.find((c) => c.id === 'speaking')!.lessons[0]).toBe(pi.id);
  });

  it('has media files, chapters and subtitles inside each video, and stays small', async () => {
    let bytes = 0;
    for (const lesson of catalogue.lessons) {
      const dir = lessonMediaDirOf(contentRoot, lesson.id);
      for (const file of lesson.files) bytes += (await stat(path.join(dir, file))).size;
      const playlist = await readFile(path.join(dir, 'index.m3u8'), 'utf8');
      const segments = playlist.split('\n').filter((line) => line && !line.startsWith('#'));
      expect(
        segments.every((segment) => lesson.files.includes(segment)),
        lesson.id,
      ).toBe(true);
      const listed = [...playlist.matchAll(/#EXTINF:([\d.]+)/g)].reduce(
        (sum, match) => sum + Number(match[1]),
        0,
      );
      expect(Math.abs(listed - lesson.durationSeconds), lesson.id).toBeLessThan(2);
      const chapters = await readFile(path.join(dir, 'chapters.vtt'), 'utf8');
      expect(chapters.startsWith('WEBVTT'), lesson.id).toBe(true);
      expect(chapters.match(/-->/g)?.length).toBe(lesson.chapters.length);
      const subtitles = await readFile(path.join(dir, 'subtitles.zh.vtt'), 'utf8');
      expect(subtitles.match(/-->/g)?.length ?? 0, lesson.id).toBeGreaterThanOrEqual(
        lesson.chapters.length,
      );
      expect(/[\u4e00-\u9fff]/.test(subtitles), lesson.id).toBe(true);
      expect(lesson.chapters.at(-1)!.end).toBeLessThanOrEqual(lesson.durationSeconds + 0.01);
    }
    // A few MB for all lessons: still slides at a low bitrate (ADR 0022).
    expect(bytes).toBeLessThan(8 * 1024 * 1024);
  });
});
