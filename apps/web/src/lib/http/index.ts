export {
  get,
  post,
  del,
  upload,
  withQuery,
  requestHeaders,
  isSessionInvalid,
  resetHttpState,
  NETWORK_ERROR_TEXT,
  UPLOAD_ERROR_PREFIX,
  SESSION_RELOAD_DELAY_MS,
  NETWORK_TOAST_DEBOUNCE_MS,
} from './client';
export type { QueryParams, QueryValue, RequestOptions, UploadBody, UploadOptions } from './client';
export { HttpError } from './http-error';
export type { HttpErrorKind } from './http-error';
