import { ErrorCode, TOKEN_HEADER } from '@ninety/contract';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { AppError } from '../../lib/app-error';
import {
  authenticate,
  type AuthContext,
  type RequestMeta,
  type SessionDeps,
} from './sessions.service';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The token is read from its header only, never from a cookie (design.md §3). */
export function requireUser(deps: SessionDeps): preHandlerAsyncHookHandler {
  return async (request) => {
    request.auth = await authenticate(deps, header(request, TOKEN_HEADER));
  };
}

/**
 * Signs the request in when it carries a token and leaves `auth` null when it does not: for calls
 * anyone may make that add the learner's own fields when signed in. A bad token still fails, so
 * the client learns its session has ended.
 */
export function optionalUser(deps: SessionDeps): preHandlerAsyncHookHandler {
  return async (request) => {
    const token = header(request, TOKEN_HEADER);
    request.auth = token === undefined ? null : await authenticate(deps, token);
  };
}

export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError(ErrorCode.TokenMissing);
  return request.auth;
}

export function requestMeta(request: FastifyRequest, clientType?: string): RequestMeta {
  return {
    clientType: clientType ?? header(request, 'clientType') ?? 'pcweb',
    ip: request.ip ?? null,
    userAgent: header(request, 'user-agent') ?? null,
  };
}

export { header as requestHeader };
