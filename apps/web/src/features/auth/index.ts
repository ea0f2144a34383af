/**
 * The auth feature's public API, for pages and layouts. The app shell imports the few light
 * modules it needs (AuthHost, AccountEntry, loginFromQuery) directly, so that this index — which
 * brings the HTTP client and antd's toasts — stays out of the entry chunk.
 */
export { AuthHost } from './components/auth-host';
export { LoginDialogHost } from './components/login-dialog-host';
export { AccountEntry, LOGIN_BUTTON_TEXT } from './components/account-entry';
export type { AccountLink } from './components/account-entry';

export { useCurrentUser, currentUserQueryOptions, fetchCurrentUser } from './api/get-user';
export { useUserWorkCount, fetchUserWorkCount } from './api/find-user-work-count';
export { useLogout, logout } from './api/logout';
export { useCountryList, fetchCountryList } from './api/get-country-list';
export { useWxInfo, fetchWxInfo } from './api/get-new-wx-info';
export { useTeachingSite, fetchTeachingSite, teachingSiteHref } from './api/get-teaching-site';
export { TeachingSiteLink, TEACHING_SITE_TEXT } from './components/teaching-site-link';
export { sendSms, signSms, smsSignFields, smsSignKey, useSendSms } from './api/send-sms';
export { loginPhone, useLoginPhone } from './api/login-phone';
export { bindingPhone, useBindingPhone } from './api/binding-phone';

export { guardLogin, useLoginGuard } from './hooks/use-login-guard';
export type { LoginGuard } from './hooks/use-login-guard';
export {
  checkQuota,
  isMember,
  remainingUses,
  useQuotaCheck,
  QUOTA_USED_UP_TEXT,
  CONTACT_TEACHER_TEXT,
} from './hooks/use-quota-check';
export type { QuotaUser } from './hooks/use-quota-check';
export { useVipRefresh, isVipMessage } from './hooks/use-vip-refresh';

export { loginFromQuery } from './query-login';
export type { LoginQueryOutcome } from './query-login';
export { readStoredUser, readIsZoom } from './stored-user';
