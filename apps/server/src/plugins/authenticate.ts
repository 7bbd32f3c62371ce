import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import { requestLanguage, translate } from '../lib/messages';
import type { SessionRow, UserRow } from '../modules/auth/repo';
import { resolveSession } from '../modules/auth/sessions';

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler for routes that need a signed-in user (registerRoute adds it from the contract). */
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    auth: { user: UserRow; session: SessionRow } | null;
  }
}

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S{20,200})$/i.exec(header) : null;
  return match?.[1] ?? null;
}

/** Turns `Authorization: Bearer <token>` into request.auth, or answers 401. */
export const authenticatePlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('auth', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearer(request);
    const resolved = token ? await resolveSession(app.authRepo, token, app.clock.now()) : null;
    if (!resolved) throw new AppError('UNAUTHORIZED', translate(requestLanguage(request), 'authRequired'));
    request.auth = resolved;
  });
});

/** The signed-in user of a route registered with `auth: true`. */
export function requireAuth(request: FastifyRequest): { user: UserRow; session: SessionRow } {
  if (!request.auth) throw new AppError('UNAUTHORIZED', translate(requestLanguage(request), 'authRequired'));
  return request.auth;
}
