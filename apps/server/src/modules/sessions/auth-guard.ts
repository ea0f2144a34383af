import { TOKEN_HEADER } from '@ninety/contract';
import type { FastifyInstance } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';
import type { AppContext } from '../../app-context';
import { requestHeader } from '../../lib/request-auth';
import { authenticate } from './sessions.service';

/**
 * The auth guard: every route that says `config: { auth: 'user' }` (or `'optional'`) is signed in
 * from its `token` header before its handler runs, after its input is validated. The token is read
 * from its header only, never from a cookie (design.md §3). Registered on the root instance
 * before the modules, so it covers all their routes.
 */
export async function register(app: FastifyInstance, context: AppContext): Promise<void> {
  app.decorateRequest('auth', null);
  // A signed-in route about to receive a large body (a recording, a mock answer) checks the token
  // before reading it: strangers used to fill memory with 4.8 MB bodies nobody would accept
  // (issue 18, finding 5). Small bodies keep the order above, so a bad form still says what is wrong.
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.auth !== 'user' || !announcesLargeBody(request.headers)) return;
    request.auth = await authenticate(context, requestHeader(request, TOKEN_HEADER));
  });
  app.addHook('preHandler', async (request) => {
    const mode = request.routeOptions.config.auth;
    if (mode === undefined || request.auth) return;
    const token = requestHeader(request, TOKEN_HEADER);
    request.auth =
      mode === 'optional' && token === undefined ? null : await authenticate(context, token);
  });
}

/** Bodies up to this size are read before the token is checked. */
export const EARLY_AUTH_BODY_BYTES = 16 * 1024;

function announcesLargeBody(headers: IncomingHttpHeaders): boolean {
  if (headers['transfer-encoding'] !== undefined) return true;
  const length = Number(headers['content-length'] ?? 0);
  return !Number.isFinite(length) || length > EARLY_AUTH_BODY_BYTES;
}
