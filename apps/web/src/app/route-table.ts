/**
 * Every route of the spec (§2) as plain data. No component or library imports: the router builds
 * its route objects from this file, and the end-to-end suite imports it with plain TypeScript.
 */

export const SITE_TITLE = 'Ninety PTE 备考';
export const TITLE_SUFFIX = ' - Ninety PTE';

/** The text of `document.title` for a route title; the site title when a route has none. */
export function documentTitleFor(title?: string): string {
  return title ? `${title}${TITLE_SUFFIX}` : SITE_TITLE;
}

/**
 * The frame a page is shown in: the home layout with the header, a plain frame, a phone frame,
 * or none at all (the full-screen exam, which has only its own bar, as the real test).
 */
export type LayoutName = 'home' | 'plain' | 'mobile' | 'full-screen';

export type PageKey =
  | 'home'
  | 'high'
  | 'question'
  | 'favorites'
  | 'favorite-details'
  | 'listening-list'
  | 'listening-details'
  | 'study-data'
  | 'vip'
  | 'material'
  | 'material-purchase'
  | 'special-topic'
  | 'course-details'
  | 'question-list'
  | 'exercise'
  | 'micro-course'
  | 'micro-info'
  | 'video-info'
  | 'center'
  | 'mock-exam'
  | 'mock-record'
  | 'mock-analysis'
  | 'mock-report'
  | 'course-info'
  | 'record-test'
  | 'full-mock-exam'
  | 'h5-report'
  | 'share'
  | 'wow-vip'
  | 'order'
  | 'agreement-user'
  | 'agreement-privacy'
  | 'qr-confirm'
  | 'wechat-scan'
  | 'not-found';

export interface PageRoute {
  /** Also the route id in the router. */
  page: PageKey;
  layout: LayoutName;
  /** Relative to the site root without the leading slash; '' is the home page, '*' the 404 page. */
  path: string;
  /** Chinese page title; `document.title` becomes `${title} - Ninety PTE`. */
  title?: string;
  /** CSS colour for the page body. */
  background: string;
  /** Open without signing in (spec §6); other routes need a token (route-gate.ts). */
  isPublic: boolean;
  /** Keeps its state while the learner is on another page. */
  keepAlive: boolean;
  hiddenFromMenu: boolean;
  /** Concrete URLs that open this route, params filled in. */
  samples: readonly string[];
}

export interface RedirectRoute {
  layout: LayoutName;
  /** Relative to the site root without the leading slash. */
  path: string;
  /** Absolute target. */
  to: string;
  isPublic: boolean;
}

export const backgrounds = {
  /** The light grey of the learning pages. */
  default: '#f5f7fa',
  /** Pages that need full focus: exercise, exam, microphone test, 404. */
  plain: '#ffffff',
  /** The membership pages. */
  vip: '#fff8ec',
  /** The phone-sized report transcript. */
  mobile: '#eef1f6',
} as const;

interface PageRouteInput {
  page: PageKey;
  path: string;
  title?: string;
  samples: readonly string[];
  background?: string;
  isPublic?: boolean;
  keepAlive?: boolean;
  hiddenFromMenu?: boolean;
}

function pagesIn(layout: LayoutName, background: string, inputs: PageRouteInput[]): PageRoute[] {
  return inputs.map((input) => ({
    layout,
    background,
    isPublic: false,
    keepAlive: false,
    hiddenFromMenu: false,
    ...input,
  }));
}

export const pageRoutes: readonly PageRoute[] = [
  ...pagesIn('home', backgrounds.default, [
    { page: 'home', path: '', title: '首页', samples: ['/'], isPublic: true },
    { page: 'high', path: 'high', title: '高频', samples: ['/high'], keepAlive: true },
    { page: 'question', path: 'question', title: '题库', samples: ['/question'] },
    { page: 'favorites', path: 'tools/favorites', title: '收藏', samples: ['/tools/favorites'] },
    {
      page: 'favorite-details',
      path: 'tools/favorites/details',
      title: '收藏详情',
      samples: ['/tools/favorites/details?id=1'],
      hiddenFromMenu: true,
    },
    {
      page: 'listening-list',
      path: 'IntensiveListening/ListeningList',
      title: '精听',
      samples: ['/IntensiveListening/ListeningList'],
    },
    {
      page: 'listening-details',
      path: 'IntensiveListening/ListeningListDetails',
      title: '精听详情',
      samples: ['/IntensiveListening/ListeningListDetails?id=lp-0001'],
      hiddenFromMenu: true,
    },
    { page: 'study-data', path: 'data', title: '学习中心', samples: ['/data'] },
    {
      page: 'vip',
      path: 'vip',
      title: 'VIP会员',
      samples: ['/vip'],
      background: backgrounds.vip,
      isPublic: true,
      hiddenFromMenu: true,
    },
    {
      page: 'material',
      path: 'material/index',
      title: '资料',
      samples: ['/material/index'],
      isPublic: true,
    },
    {
      page: 'material-purchase',
      path: 'material/purchase/:id',
      title: '资料详情',
      samples: ['/material/purchase/3'],
      isPublic: true,
      hiddenFromMenu: true,
    },
    {
      page: 'special-topic',
      path: 'material/SpecialTopic/:id',
      title: '专题详情',
      samples: ['/material/SpecialTopic/5'],
      isPublic: true,
      hiddenFromMenu: true,
    },
    {
      page: 'course-details',
      path: 'material/CourseDetails/:id',
      title: '课程详情',
      samples: ['/material/CourseDetails/7'],
      isPublic: true,
      hiddenFromMenu: true,
    },
    {
      page: 'question-list',
      path: 'question-list/:type/:id',
      title: '题目列表',
      samples: ['/question-list/RA/1'],
      hiddenFromMenu: true,
    },
    {
      page: 'exercise',
      path: 'exp/:typeCode/:wpId/:questionsId?',
      title: '练习',
      samples: ['/exp/RA/ra-0001/2', '/exp/WFD/wfd-0003'],
      background: backgrounds.plain,
      hiddenFromMenu: true,
    },
    {
      page: 'micro-course',
      path: 'micro-course',
      title: '微课',
      samples: ['/micro-course'],
      keepAlive: true,
    },
    {
      page: 'micro-info',
      path: 'micro-info/:type/:id',
      title: '微课详情',
      samples: ['/micro-info/skill/listening'],
      hiddenFromMenu: true,
    },
    {
      page: 'video-info',
      path: 'video-info/:courseType/:id',
      title: '视频详情',
      samples: ['/video-info/skill/wfd-basics?microCourseId=listening'],
      hiddenFromMenu: true,
    },
    { page: 'center', path: 'center', title: '个人中心', samples: ['/center'] },
    { page: 'mock-exam', path: 'mock/exam', title: '模考', samples: ['/mock/exam'] },
    {
      page: 'mock-record',
      path: 'mock/record',
      title: '模考记录',
      samples: ['/mock/record'],
      hiddenFromMenu: true,
    },
    {
      page: 'mock-analysis',
      path: 'mock/Mock-Analysis/:id/:questionId',
      title: '模考解析',
      samples: ['/mock/Mock-Analysis/1/2'],
      isPublic: true,
      hiddenFromMenu: true,
    },
    {
      page: 'mock-report',
      path: 'mock/report/:id',
      title: '模考报告',
      samples: ['/mock/report/1'],
      isPublic: true,
      hiddenFromMenu: true,
    },
  ]),
  // Spec §2: PTE-MockExam is full screen; its own bar has the ways out (ADR 0034).
  ...pagesIn('full-screen', backgrounds.plain, [
    {
      page: 'full-mock-exam',
      path: 'PTE-MockExam',
      title: '全真模考',
      samples: ['/PTE-MockExam'],
      hiddenFromMenu: true,
    },
  ]),
  ...pagesIn('plain', backgrounds.plain, [
    {
      page: 'course-info',
      path: 'course-info',
      title: '课程介绍',
      samples: ['/course-info'],
      background: backgrounds.default,
      isPublic: true,
      hiddenFromMenu: true,
    },
    {
      page: 'record-test',
      path: 'RecordTest',
      title: '麦克风测试',
      samples: ['/RecordTest'],
      isPublic: true,
      hiddenFromMenu: true,
    },
    {
      page: 'wow-vip',
      path: 'wow-vip',
      title: 'VIP会员',
      samples: ['/wow-vip'],
      background: backgrounds.vip,
      isPublic: true,
      hiddenFromMenu: true,
    },
    {
      // The payment window of a purchase (issue 21): makes the order, then pays it.
      page: 'order',
      path: 'order/:orderNo',
      title: '订单支付',
      samples: ['/order/new?kind=vip&itemId=month'],
      hiddenFromMenu: true,
    },
    {
      page: 'agreement-user',
      path: 'agreement/user',
      title: '用户协议',
      samples: ['/agreement/user'],
      isPublic: true,
      hiddenFromMenu: true,
    },
    {
      page: 'agreement-privacy',
      path: 'agreement/privacy',
      title: '隐私政策',
      samples: ['/agreement/privacy'],
      isPublic: true,
      hiddenFromMenu: true,
    },
  ]),
  ...pagesIn('mobile', backgrounds.mobile, [
    {
      page: 'h5-report',
      path: 'H5/report/:id',
      title: '模考成绩单',
      samples: ['/H5/report/1'],
      isPublic: true,
      hiddenFromMenu: true,
    },
    {
      // Not in the spec's table: spec §7 builds share links to "an app page with id, questionId
      // and shareType"; it lives beside the other public phone page, H5/report.
      page: 'share',
      path: 'H5/share',
      title: '答案分享',
      samples: ['/H5/share'],
      isPublic: true,
      hiddenFromMenu: true,
    },
    {
      page: 'qr-confirm',
      path: 'm/qr-confirm',
      title: '确认登录',
      samples: ['/m/qr-confirm?uuid=00000000-0000-4000-8000-000000000000', '/m/qr-confirm'],
      isPublic: true,
      hiddenFromMenu: true,
    },
    {
      page: 'wechat-scan',
      path: 'm/wechat-scan',
      title: '模拟微信扫码',
      samples: ['/m/wechat-scan?sceneId=aaaaaaaaaaaaaaaaaaaaaaaa'],
      isPublic: true,
      hiddenFromMenu: true,
    },
  ]),
  // Last, so that reading the table top to bottom matches how the router ranks it.
  ...pagesIn('plain', backgrounds.plain, [
    {
      page: 'not-found',
      path: '*',
      title: '页面不存在',
      samples: ['/no-such-page', '/mock/unknown/deeper'],
      isPublic: true,
      hiddenFromMenu: true,
    },
  ]),
];

export const redirectRoutes: readonly RedirectRoute[] = [
  { layout: 'home', path: 'tools', to: '/tools/favorites', isPublic: false },
  {
    layout: 'home',
    path: 'IntensiveListening',
    to: '/IntensiveListening/ListeningList',
    isPublic: false,
  },
  { layout: 'home', path: 'material', to: '/material/index', isPublic: true },
  { layout: 'home', path: 'mock', to: '/mock/exam', isPublic: false },
  { layout: 'plain', path: 'home', to: '/', isPublic: true },
];

export interface RouteSample {
  /** URL to open, relative to the site origin. */
  url: string;
  page: PageKey;
  title: string | undefined;
  /** What `document.title` must read once the page has loaded. */
  documentTitle: string;
  background: string;
  isPublic: boolean;
  keepAlive: boolean;
}

export interface RedirectSample {
  from: string;
  /** Pathname the browser must end on. */
  to: string;
  /** `document.title` of the target page. */
  documentTitle: string;
}

export const routeSamples: readonly RouteSample[] = pageRoutes.flatMap((route) =>
  route.samples.map((url) => ({
    url,
    page: route.page,
    title: route.title,
    documentTitle: documentTitleFor(route.title),
    background: route.background,
    isPublic: route.isPublic,
    keepAlive: route.keepAlive,
  })),
);

export const redirectSamples: readonly RedirectSample[] = redirectRoutes.map((redirect) => {
  const target = pageRoutes.find((route) => `/${route.path}` === redirect.to);
  if (!target) throw new Error(`Redirect target ${redirect.to} is not a page route`);
  return {
    from: `/${redirect.path}`,
    to: redirect.to,
    documentTitle: documentTitleFor(target.title),
  };
});

/** Pages that must keep their state while hidden. */
export const keepAlivePaths: readonly string[] = pageRoutes
  .filter((route) => route.keepAlive)
  .map((route) => `/${route.path}`);
