import type { ComponentType } from 'react';
import { loadLanding } from '../pages/home/load-landing';
import { isSignedIn } from '../lib/session';
import type { PageKey } from './route-table';

/** One dynamic import per page, so that each page is its own chunk. */
export const pageLoaders: Record<PageKey, () => Promise<ComponentType>> = {
  home: async () => {
    // Signed out, the landing (home's LCP) is fetched beside the page's code, not after it.
    const landing = isSignedIn() ? undefined : loadLanding().catch(() => undefined);
    const { HomePage } = await import('../pages/home/home-page');
    await landing;
    return HomePage;
  },
  high: () => import('../pages/high/high-page').then((m) => m.HighPage),
  question: () => import('../pages/question/question-page').then((m) => m.QuestionPage),
  favorites: () => import('../pages/favorites/favorites-page').then((m) => m.FavoritesPage),
  'favorite-details': () =>
    import('../pages/favorite-details/favorite-details-page').then((m) => m.FavoriteDetailsPage),
  'listening-list': () =>
    import('../pages/listening-list/listening-list-page').then((m) => m.ListeningListPage),
  'listening-details': () =>
    import('../pages/listening-details/listening-details-page').then((m) => m.ListeningDetailsPage),
  'study-data': () => import('../pages/study-data/study-data-page').then((m) => m.StudyDataPage),
  vip: () => import('../pages/vip/vip-page').then((m) => m.VipPage),
  material: () => import('../pages/material/material-page').then((m) => m.MaterialPage),
  'material-purchase': () =>
    import('../pages/material-purchase/material-purchase-page').then((m) => m.MaterialPurchasePage),
  'special-topic': () =>
    import('../pages/special-topic/special-topic-page').then((m) => m.SpecialTopicPage),
  'course-details': () =>
    import('../pages/course-details/course-details-page').then((m) => m.CourseDetailsPage),
  'question-list': () =>
    import('../pages/question-list/question-list-page').then((m) => m.QuestionListPage),
  exercise: () => import('../pages/exercise/exercise-page').then((m) => m.ExercisePage),
  'micro-course': () =>
    import('../pages/micro-course/micro-course-page').then((m) => m.MicroCoursePage),
  'micro-info': () => import('../pages/micro-info/micro-info-page').then((m) => m.MicroInfoPage),
  'video-info': () => import('../pages/video-info/video-info-page').then((m) => m.VideoInfoPage),
  center: () => import('../pages/center/center-page').then((m) => m.CenterPage),
  'mock-exam': () => import('../pages/mock-exam/mock-exam-page').then((m) => m.MockExamPage),
  'mock-record': () =>
    import('../pages/mock-record/mock-record-page').then((m) => m.MockRecordPage),
  'mock-analysis': () =>
    import('../pages/mock-analysis/mock-analysis-page').then((m) => m.MockAnalysisPage),
  'mock-report': () =>
    import('../pages/mock-report/mock-report-page').then((m) => m.MockReportPage),
  'course-info': () =>
    import('../pages/course-info/course-info-page').then((m) => m.CourseInfoPage),
  'record-test': () =>
    import('../pages/record-test/record-test-page').then((m) => m.RecordTestPage),
  'full-mock-exam': () =>
    import('../pages/full-mock-exam/full-mock-exam-page').then((m) => m.FullMockExamPage),
  'h5-report': () => import('../pages/h5-report/h5-report-page').then((m) => m.H5ReportPage),
  share: () => import('../pages/share/share-page').then((m) => m.SharePage),
  'wow-vip': () => import('../pages/wow-vip/wow-vip-page').then((m) => m.WowVipPage),
  order: () => import('../pages/order/order-page').then((m) => m.OrderPage),
  'agreement-user': () =>
    import('../pages/agreement-user/agreement-user-page').then((m) => m.AgreementUserPage),
  'agreement-privacy': () =>
    import('../pages/agreement-privacy/agreement-privacy-page').then((m) => m.AgreementPrivacyPage),
  'qr-confirm': () => import('../pages/qr-confirm/qr-confirm-page').then((m) => m.QrConfirmPage),
  'wechat-scan': () =>
    import('../pages/wechat-scan/wechat-scan-page').then((m) => m.WechatScanPage),
  'not-found': () => import('../pages/not-found/not-found-page').then((m) => m.NotFoundPage),
};
