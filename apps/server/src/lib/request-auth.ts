/**
 * Who is asking, as route handlers see it. A route says what it needs with its `auth` option
 * (`config: { auth: 'user' }` or `'optional'`); the sessions module's guard reads the token
 * header and fills `request.auth` before the handler runs (modules/sessions/auth-guard.ts).
 */
import { ErrorCode } from '@ninety/contract';
import type { FastifyRequest } from 'fastify';
import type { users } from '../db/schema';
import { AppError } from './app-error';

export type UserRow = typeof users.$inferSelect;

export interface AuthContext {
  user: UserRow;
  sessionId: number;
}

export interface RequestMeta {
  clientType: string;
  ip: string | null;
  userAgent: string | null;
}

/**
 * 'user': a signed-in learner is required (10006/100016/100017/100018 otherwise).
 * 'optional': a token signs the request in, none leaves `auth` null; a bad token still fails, so
 * the client learns its session has ended.
 */
export type RouteAuth = 'user' | 'optional';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    auth?: RouteAuth;
  }
}

/** A request header as a non-empty string, or undefined. */
export function requestHeader(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The signed-in learner of a route with `auth: 'user'`. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError(ErrorCode.TokenMissing);
  return request.auth;
}

/** The signed-in learner's id on a route with `auth: 'optional'`, or null. */
export function userIdOf(request: FastifyRequest): number | null {
  return request.auth?.user.id ?? null;
}

export function requestMeta(request: FastifyRequest, clientType?: string): RequestMeta {
  return {
    clientType: clientType ?? requestHeader(request, 'clientType') ?? 'pcweb',
    ip: request.ip ?? null,
    userAgent: requestHeader(request, 'user-agent') ?? null,
  };
}

/**
 * A route's rate limit per learner (`config.rateLimit`): counted after the session check, so it
 * keys on the learner, not the IP that many learners behind one network share.
 */
export const perLearnerLimit = (max: number, timeWindow: number, name: string) => ({
  max,
  timeWindow,
  hook: 'preHandler' as const,
  keyGenerator: (request: { auth: { user: { id: number } } | null; ip: string }) =>
    `${name}:${request.auth?.user.id ?? request.ip}`,
});
