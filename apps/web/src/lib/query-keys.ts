/**
 * Every React Query key of the web app. A feature that refreshes another's data (a submit refreshes
 * the learner's quota and the bank's progress; a favourite refreshes the exercise page's item) names
 * the key here rather than copying its literal, which would silently stop matching when one side
 * changes. An area's `all` key is the prefix of all its keys: invalidating it refreshes them all.
 */
export const queryKeys = {
  auth: {
    all: ['auth'] as const,
    currentUser: ['auth', 'current-user'] as const,
    countryList: ['auth', 'country-list'] as const,
    wxInfo: ['auth', 'wx-info'] as const,
    teachingSite: ['auth', 'teaching-site'] as const,
    userWorkCount: ['auth', 'user-work-count'] as const,
  },
  /** The desktop sign-in a phone confirms by QR. */
  qrLogin: {
    info: (uuid: string) => ['user', 'qrLogin', uuid] as const,
  },
  bank: {
    all: ['bank'] as const,
    hierarchy: ['bank', 'hierarchy'] as const,
    list: (filters: object) => ['bank', 'list', filters] as const,
    search: (keyword: string, filters: object = {}) =>
      ['bank', 'search', keyword, filters] as const,
    highFrequency: (week: string | undefined) =>
      ['bank', 'high-frequency', week ?? 'current'] as const,
  },
  practice: {
    all: ['practice'] as const,
    item: (itemId: string) => ['practice', 'item', itemId] as const,
    answer: (itemId: string) => ['practice', 'answer', itemId] as const,
    attempts: (itemId: string) => ['practice', 'attempts', itemId] as const,
  },
  voice: {
    wordColors: ['voice', 'wordColors'] as const,
  },
  favorites: {
    all: ['favorites'] as const,
    list: (label: number, page: number) => ['favorites', label, page] as const,
  },
  comments: {
    /** An item's shared answers, every sort and page. */
    sharedAnswers: (questionId: string) => ['comments', 'list', questionId] as const,
    sharedAnswersPage: (questionId: string, sort: string | number, page: number) =>
      ['comments', 'list', questionId, sort, page] as const,
    /** One share, whichever item page it was opened from. */
    detail: (id: string) => ['comments', 'detail', id] as const,
    shareDetail: (id: string, questionId: string | undefined) =>
      ['comments', 'detail', id, questionId ?? ''] as const,
  },
  wordLookup: {
    all: ['word-lookup'] as const,
    book: (page: number) => ['word-lookup', 'book', page] as const,
    entry: (word: string) => ['word-lookup', 'entry', word.toLowerCase()] as const,
  },
  studyData: {
    all: ['study-data'] as const,
  },
  /** 学习中心: figures, skills, mistake book, goal and plan, quota (a saved goal refreshes all). */
  learningCentre: {
    all: ['learning-centre'] as const,
    overview: ['learning-centre', 'overview'] as const,
    skills: ['learning-centre', 'skills'] as const,
    profile: ['learning-centre', 'profile'] as const,
    plan: ['learning-centre', 'plan'] as const,
    quota: ['learning-centre', 'quota'] as const,
    mistakes: (type: string, page: number) => ['learning-centre', 'mistakes', type, page] as const,
  },
  settings: {
    all: ['settings'] as const,
  },
  /** Mock exams: the papers on offer, a paper being sat, the learner's records, reports. */
  mock: {
    all: ['mock'] as const,
    blueprints: ['mock', 'blueprints'] as const,
    paper: (paperId: string) => ['mock', 'paper', paperId] as const,
    records: (page: number) => ['mock', 'records', page] as const,
    report: (paperId: string) => ['mock', 'report', paperId] as const,
    analysis: (paperId: string, index: number) => ['mock', 'analysis', paperId, index] as const,
  },
  /** 精听: the materials, one material (with the learner's progress), the review deck. */
  listening: {
    all: ['listening'] as const,
    list: (filters: object) => ['listening', 'list', filters] as const,
    detail: (materialId: string) => ['listening', 'detail', materialId] as const,
    review: ['listening', 'review'] as const,
    reviewQueue: ['listening', 'review', 'queue'] as const,
    reviewCounts: ['listening', 'review', 'counts'] as const,
  },
  /** 微课: the courses, one course's lessons, one lesson (each with the learner's progress). */
  courses: {
    all: ['courses'] as const,
    list: ['courses', 'list'] as const,
    detail: (courseId: string) => ['courses', 'detail', courseId] as const,
    lesson: (lessonId: string, courseId: string) =>
      ['courses', 'lesson', lessonId, courseId] as const,
  },
  /** 资料: the catalogue and one material (with whether the learner bought it). */
  materials: {
    all: ['materials'] as const,
    list: ['materials', 'list'] as const,
    detail: (id: string) => ['materials', 'detail', id] as const,
    /** What the learner's bought materials open (items without spending uses, lessons). */
    unlocks: ['materials', 'unlocks'] as const,
  },
  /** Orders and VIP: the plans on sale, the learner's orders, one order (the payment window). */
  orders: {
    all: ['orders'] as const,
    vipPlans: ['orders', 'vip-plans'] as const,
    lists: ['orders', 'list'] as const,
    list: (page: number) => ['orders', 'list', page] as const,
    detail: (orderNo: string) => ['orders', 'detail', orderNo] as const,
  },
  /** 个人中心's own data: the signed-in devices and the sign-in bindings. */
  profile: {
    all: ['profile'] as const,
    devices: ['profile', 'devices'] as const,
    bindings: ['profile', 'bindings'] as const,
    currentPhoneCodeWait: ['profile', 'bindings', 'current-phone-code-wait'] as const,
  },
  /** The sites and their filings (configuration), for the footer and the location check. */
  site: {
    info: ['site', 'info'] as const,
  },
  /** Development-only pages. */
  dev: {
    wechatIdentities: ['dev', 'wechat', 'identities'] as const,
  },
} as const;
