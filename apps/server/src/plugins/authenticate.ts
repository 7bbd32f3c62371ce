import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Selectable } from 'kysely';
import type { SessionsTable, UsersTable } from '../db/schema';
import { AppError } from '../lib/app-error';
import { requestLanguage, translate } from '../lib/messages';

/** The signed-in user behind a request, and the session it came with. */
export interface AuthContext {
  user: Selectable<UsersTable>;
  session: Selectable<SessionsTable>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Looks a bearer token up (the auth module provides it); null when it is unknown or expired. */
    resolveSession: (token: string) => Promise<AuthContext | null>;
    /** preHandler for routes that need a signed-in user (registerRoute adds it from the contract). */
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/** The token of `Authorization: Bearer <token>`, or null. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S{20,200})$/i.exec(header) : null;
  return match?.[1] ?? null;
}

/** Turns `Authorization: Bearer <token>` into request.auth, or answers 401. */
export const authenticatePlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('auth', null);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const token = bearerToken(request);
      const resolved = token ? await app.resolveSession(token) : null;
      if (!resolved) throw new AppError('UNAUTHORIZED', translate(requestLanguage(request), 'authRequired'));
      request.auth = resolved;
    });
  },
  { name: 'authenticate', dependencies: ['sessions'] },
);

/** The signed-in user of a route registered with `auth: true`. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('UNAUTHORIZED', translate(requestLanguage(request), 'authRequired'));
  return request.auth;
}
