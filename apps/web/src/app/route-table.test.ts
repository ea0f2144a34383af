import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './router';
import {
  documentTitleFor,
  keepAlivePaths,
  pageRoutes,
  redirectRoutes,
  redirectSamples,
  routeSamples,
  SITE_TITLE,
} from './route-table';

describe('route table', () => {
  it('has every route of spec §2', () => {
    const paths = [...pageRoutes, ...redirectRoutes].map((route) => route.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        '',
        'high',
        'question',
        'tools',
        'tools/favorites',
        'tools/favorites/details',
        'IntensiveListening',
        'IntensiveListening/ListeningList',
        'IntensiveListening/ListeningListDetails',
        'data',
        'vip',
        'material',
        'material/index',
        'material/purchase/:id',
        'material/SpecialTopic/:id',
        'material/CourseDetails/:id',
        'question-list/:type/:id',
        'exp/:typeCode/:wpId/:questionsId?',
        'micro-course',
        'micro-info/:type/:id',
        'video-info/:courseType/:id',
        'center',
        'mock',
        'mock/exam',
        'mock/record',
        'mock/Mock-Analysis/:id/:questionId',
        'mock/report/:id',
        'home',
        'course-info',
        'RecordTest',
        'PTE-MockExam',
        'H5/report/:id',
        'wow-vip',
        '*',
      ]),
    );
  });

  it('marks exactly the public routes of spec §6 as public', () => {
    const publicPaths = pageRoutes.filter((route) => route.isPublic).map((route) => route.path);
    expect(publicPaths.sort()).toEqual(
      [
        '',
        'vip',
        'wow-vip',
        'material/index',
        'material/purchase/:id',
        'material/SpecialTopic/:id',
        'material/CourseDetails/:id',
        'mock/Mock-Analysis/:id/:questionId',
        'mock/report/:id',
        'course-info',
        'RecordTest',
        'H5/report/:id',
        'H5/share',
        'agreement/user',
        'agreement/privacy',
        'm/qr-confirm',
        'm/wechat-scan',
        '*',
      ].sort(),
    );
  });

  it('keeps high and micro-course alive, nothing else', () => {
    expect(keepAlivePaths).toEqual(['/high', '/micro-course']);
  });

  it('gives every page a title and builds the document title from it', () => {
    for (const route of pageRoutes) expect(route.title, route.path).toBeTruthy();
    expect(documentTitleFor('高频')).toBe('高频 - Ninety PTE');
    expect(documentTitleFor(undefined)).toBe(SITE_TITLE);
    expect(SITE_TITLE).toBe('Ninety PTE 备考');
  });

  it('uses unique page keys', () => {
    const keys = pageRoutes.map((route) => route.page);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it.each(routeSamples.map((sample) => [sample.url, sample.page] as const))(
    'sample %s opens the %s route',
    (url, page) => {
      const matches = matchRoutes(routes, url) ?? [];
      expect(matches.at(-1)?.route.id).toBe(page);
    },
  );

  it.each(redirectSamples.map((sample) => [sample.from, sample.to] as const))(
    'redirect %s → %s matches only the redirect route',
    (from) => {
      const matches = matchRoutes(routes, from) ?? [];
      expect(matches.at(-1)?.route.id).toBe(`redirect:${from.slice(1)}`);
    },
  );
});
