/**
 * One guard for every route: a NUL character or a lone UTF-16 surrogate anywhere in the query,
 * the path parameters or a parsed body is refused with 40001 before any schema or handler sees
 * it. PostgreSQL refuses both (NUL in text, lone surrogates in jsonb), so they used to reach a
 * query and answer 500 on eight routes (issue 18, finding 3). The contract's `safeText` says the
 * same for its text fields, for clients and for work that does not come through a request.
 */
import { ErrorCode, hasUnstorableCharacter, UNSTORABLE_TEXT_MESSAGE } from '@ninety/contract';
import type { FastifyInstance } from 'fastify';
import { AppError, invalidFieldMessage } from '../lib/app-error';

/**
 * The path (a.b.0) of the first string, or object key, that the database cannot store; null when
 * there is none. Iterative: a deeply nested JSON body must not overflow the stack.
 */
export function findUnstorableField(value: unknown): string | null {
  const pending: { value: unknown; path: string }[] = [{ value, path: '' }];
  const join = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));
  while (pending.length > 0) {
    const { value: current, path } = pending.pop()!;
    if (typeof current === 'string') {
      if (hasUnstorableCharacter(current)) return path;
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => pending.push({ value: item, path: join(path, index) }));
    } else if (
      current !== null &&
      typeof current === 'object' &&
      !ArrayBuffer.isView(current) &&
      !(current instanceof ArrayBuffer)
    ) {
      for (const [key, item] of Object.entries(current)) {
        // A key that cannot be stored is named as well as it can be.
        if (hasUnstorableCharacter(key)) return join(path, JSON.stringify(key).slice(1, -1));
        pending.push({ value: item, path: join(path, key) });
      }
    }
  }
  return null;
}

const PARTS = [
  ['querystring', '查询参数'],
  ['params', '路径参数'],
  ['body', '请求体'],
] as const;

export function registerTextGuard(app: FastifyInstance): void {
  // preValidation: after the body is parsed, before any schema or handler.
  app.addHook('preValidation', async (request) => {
    const parts = { querystring: request.query, params: request.params, body: request.body };
    for (const [part, name] of PARTS) {
      const field = findUnstorableField(parts[part]);
      if (field !== null) {
        throw new AppError(
          ErrorCode.InvalidInput,
          invalidFieldMessage(name, field, UNSTORABLE_TEXT_MESSAGE),
        );
      }
    }
  });
}
