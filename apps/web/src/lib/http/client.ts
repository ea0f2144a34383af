import { ErrorCode, sessionInvalidCodes, standardHeaders, TOKEN_HEADER } from '@ninety/contract';
import { page } from '../page';
import { getToken } from '../session';
import { clearLocalStorageExcept, localKeys } from '../storage-keys';
import { announceQuotaUsedUp } from '../quota-events';
import { toast } from '../toast';
import { HttpError } from './http-error';

/** Spec §8–9. */
export const SESSION_RELOAD_DELAY_MS = 1500;
export const NETWORK_TOAST_DEBOUNCE_MS = 1000;
export const NETWORK_ERROR_TEXT = '网络请求失败';
export const UPLOAD_ERROR_PREFIX = '上传错误：';
export const BAD_RESPONSE_TEXT = '服务器响应异常，请稍后再试';
export const ABORTED_TEXT = '请求已取消';

export type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Readonly<Record<string, QueryValue>>;

export interface RequestOptions {
  /** Handle the error yourself: no toast of any kind for this call. */
  quiet?: boolean;
  signal?: AbortSignal;
  /** Extra headers (e.g. the SMS signing fields); the standard headers are always sent. */
  headers?: Readonly<Record<string, string>>;
}

export type UploadBody = Blob | string | ArrayBuffer;

export interface UploadOptions {
  quiet?: boolean;
  signal?: AbortSignal;
  method?: 'PUT' | 'POST';
  /** Defaults to the Blob's own type, else text/plain for strings and octet-stream otherwise. */
  contentType?: string;
  headers?: Readonly<Record<string, string>>;
}

let sessionInvalid = false;
let networkToastTimer: ReturnType<typeof setTimeout> | undefined;

/** True once a response said the session is no longer valid; later calls are rejected quietly. */
export function isSessionInvalid(): boolean {
  return sessionInvalid;
}

/** Forget the module state (session flag, pending network toast). For tests. */
export function resetHttpState(): void {
  sessionInvalid = false;
  clearTimeout(networkToastTimer);
  networkToastTimer = undefined;
}

/** Appends the params to the URL, skipping undefined, null and '' but keeping 0 and false. */
export function withQuery(url: string, params?: QueryParams): string {
  if (!params) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.append(key, String(value));
  }
  const query = search.toString();
  if (!query) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}

/** The standard headers of spec §3, plus the stored token when there is one. */
export function requestHeaders(extra?: Readonly<Record<string, string>>): Record<string, string> {
  const headers: Record<string, string> = { ...standardHeaders, ...extra };
  const token = getToken();
  if (token) headers[TOKEN_HEADER] = token;
  return headers;
}

/** A request without a body: the query in the URL, its answer's errors toasted unless quiet. */
function withoutBody<T>(
  method: 'GET' | 'DELETE',
  url: string,
  params: QueryParams | undefined,
  options: RequestOptions,
): Promise<T> {
  return withToasts(
    exchange<T>(withQuery(url, params), {
      method,
      headers: requestHeaders(options.headers),
      signal: options.signal,
    }),
    options.quiet,
  );
}

export function get<T = unknown>(
  url: string,
  params?: QueryParams,
  options: RequestOptions = {},
): Promise<T> {
  return withoutBody<T>('GET', url, params, options);
}

export function post<T = unknown>(
  url: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  return withToasts(
    exchange<T>(url, {
      method: 'POST',
      headers: requestHeaders({ ...options.headers, 'content-type': 'application/json' }),
      // An empty object rather than no body, so that a JSON content type always has JSON.
      body: JSON.stringify(body ?? {}),
      signal: options.signal,
    }),
    options.quiet,
  );
}

/**
 * DELETE (`delete` is a reserved word): no body, the query in the URL, answered like GET — for a
 * learner taking something out (a review card they have learnt).
 */
export function del<T = unknown>(
  url: string,
  params?: QueryParams,
  options: RequestOptions = {},
): Promise<T> {
  return withoutBody<T>('DELETE', url, params, options);
}

/** Sends the body as it is. Errors toast "上传错误：…" unless quiet; a cancelled upload is silent. */
export async function upload<T = unknown>(
  url: string,
  body: UploadBody,
  options: UploadOptions = {},
): Promise<T> {
  try {
    if (!(body instanceof Blob || typeof body === 'string' || body instanceof ArrayBuffer)) {
      throw new HttpError({ kind: 'bad-request', msg: '上传内容必须是文件、Blob 或字符串' });
    }
    return await exchange<T>(url, {
      method: options.method ?? 'PUT',
      headers: requestHeaders({ ...options.headers, 'content-type': contentTypeOf(body, options) }),
      body,
      signal: options.signal,
    });
  } catch (error) {
    const httpError = asHttpError(error);
    if (!options.quiet && isToasted(httpError)) toast.error(UPLOAD_ERROR_PREFIX + httpError.msg);
    throw httpError;
  }
}

function contentTypeOf(body: UploadBody, options: UploadOptions): string {
  if (options.contentType) return options.contentType;
  if (body instanceof Blob && body.type) return body.type;
  if (typeof body === 'string') return 'text/plain;charset=UTF-8';
  return 'application/octet-stream';
}

async function withToasts<T>(call: Promise<T>, quiet: boolean | undefined): Promise<T> {
  try {
    return await call;
  } catch (error) {
    const httpError = asHttpError(error);
    if (!quiet) {
      if (httpError.kind === 'network') {
        if (httpError.cause instanceof TypeError) scheduleNetworkToast();
      } else if (isToasted(httpError)) {
        toast.error(httpError.msg);
      }
      // Over the server's 剩余次数不足 toast: the quota dialog (lib/quota-events).
      if (httpError.code === ErrorCode.QuotaUsedUp) announceQuotaUsedUp();
    }
    throw httpError;
  }
}

function isToasted(error: HttpError): boolean {
  return error.kind !== 'not-found' && error.kind !== 'session-ended' && error.kind !== 'aborted';
}

function scheduleNetworkToast(): void {
  clearTimeout(networkToastTimer);
  networkToastTimer = setTimeout(() => {
    networkToastTimer = undefined;
    toast.error(NETWORK_ERROR_TEXT);
  }, NETWORK_TOAST_DEBOUNCE_MS);
}

function asHttpError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  return new HttpError({
    kind: 'bad-response',
    msg: error instanceof Error && error.message ? error.message : BAD_RESPONSE_TEXT,
    cause: error,
  });
}

/** One request and the envelope rules of spec §8, without toasts. */
async function exchange<T>(url: string, init: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    if (init.signal?.aborted || (error instanceof DOMException && error.name === 'AbortError')) {
      throw new HttpError({ kind: 'aborted', msg: ABORTED_TEXT, cause: error });
    }
    throw new HttpError({ kind: 'network', msg: NETWORK_ERROR_TEXT, cause: error });
  }

  let body: unknown;
  let parseError: unknown;
  try {
    const text = await response.text();
    body = text ? JSON.parse(text) : undefined;
  } catch (error) {
    parseError = error;
  }

  const { status } = response;
  if (sessionInvalid) throw new HttpError({ kind: 'session-ended', msg: '', status, body });
  if (isRecord(body) && body.status === 404) {
    throw new HttpError({ kind: 'not-found', msg: '', status, body });
  }
  if (parseError !== undefined) {
    throw new HttpError({
      kind: 'bad-response',
      msg: BAD_RESPONSE_TEXT,
      status,
      cause: parseError,
    });
  }
  if (body === undefined) {
    // An empty body is only fine as a success (e.g. a storage PUT answering 204).
    if (response.ok) return undefined as T;
    throw new HttpError({ kind: 'bad-response', msg: BAD_RESPONSE_TEXT, status });
  }
  if (!isRecord(body))
    throw new HttpError({ kind: 'bad-response', msg: BAD_RESPONSE_TEXT, status });

  if (Object.hasOwn(body, 'code')) {
    const code = typeof body.code === 'number' ? body.code : Number(body.code);
    if (sessionInvalidCodes.includes(code)) endSession();
    const msg = typeof body.msg === 'string' && body.msg ? body.msg : `请求失败（错误码 ${code}）`;
    throw new HttpError({ kind: 'code', code, msg, status, body });
  }
  return body.data as T;
}

function endSession(): void {
  // The flag quiets the calls made while the page is about to reload; without a stored token no
  // reload is coming, and a flag would silently break the sign-in calls that follow.
  if (!getToken()) return;
  sessionInvalid = true;
  // Answers in progress stay: the session usually ends under a learner mid-answer (signed in
  // elsewhere, expired), who signs back in to the same essay. Signing out clears them too.
  clearLocalStorageExcept([localKeys.answerDraftPrefix]);
  setTimeout(() => page.reload(), SESSION_RELOAD_DELAY_MS);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
