import {
  ErrorCode,
  UPLOAD_TOKEN_HEADER,
  UPLOAD_TOKEN_REFRESH_SECONDS,
  type UploadToken,
} from '@ninety/contract';
import { HttpError } from '../http';
import { fetchUploadToken } from './api/upload-token';

/**
 * The upload grant (spec §3 credentials), shared by every task of the page: fetched on first use
 * and again when under 60 s remain (spec §9), judged on the server's clock when ours is 30 s or
 * more off.
 */
let cached: { token: UploadToken; skewMs: number } | null = null;
let inFlight: Promise<UploadToken> | null = null;

const SKEW_CORRECTED_MS = 30_000;

async function fetchGrant(): Promise<UploadToken> {
  const askedAt = Date.now();
  const token = await fetchUploadToken();
  const skew = token.startTime * 1000 - askedAt;
  cached = { token, skewMs: Math.abs(skew) >= SKEW_CORRECTED_MS ? skew : 0 };
  return token;
}

export function uploadGrant(refresh = false): Promise<UploadToken> {
  if (!refresh && cached) {
    const serverNowSeconds = (Date.now() + cached.skewMs) / 1000;
    if (cached.token.expiredTime - serverNowSeconds > UPLOAD_TOKEN_REFRESH_SECONDS) {
      return Promise.resolve(cached.token);
    }
  }
  inFlight ??= fetchGrant().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/** Forget the grant (tests; a sign-out is followed by a reload anyway). */
export function resetUploadGrant(): void {
  cached = null;
}

/** A fault of the server or the way to it, which one retry may get past (spec §8). */
export function isServerFault(error: unknown): boolean {
  if (!(error instanceof HttpError)) return false;
  if (error.kind === 'network') return true;
  return error.status !== undefined && error.status >= 500;
}

/**
 * Makes an upload call with the grant header. An expired or refused grant is fetched again once;
 * a 5xx or network failure is tried once more (spec §8: the storage library retries once).
 */
export async function withGrant<T>(
  call: (headers: Record<string, string>) => Promise<T>,
): Promise<T> {
  let grant = await uploadGrant();
  let refreshed = false;
  let retried = false;
  for (;;) {
    try {
      return await call({ [UPLOAD_TOKEN_HEADER]: grant.credentials.sessionToken });
    } catch (error) {
      if (error instanceof HttpError && error.code === ErrorCode.BadSignature && !refreshed) {
        refreshed = true;
        grant = await uploadGrant(true);
        continue;
      }
      if (isServerFault(error) && !retried) {
        retried = true;
        continue;
      }
      throw error;
    }
  }
}
