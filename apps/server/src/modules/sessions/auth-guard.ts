import { TOKEN_HEADER } from '@ninety/contract';
import type { FastifyInstance } from 'fastify';
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
  app.addHook('preHandler', async (request) => {
    const mode = request.routeOptions.config.auth;
    if (mode === undefined) return;
    const token = requestHeader(request, TOKEN_HEADER);
    request.auth =
      mode === 'optional' && token === undefined ? null : await authenticate(context, token);
  });
}
