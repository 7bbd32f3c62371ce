import type { FastifyRequest } from 'fastify';
import { bearerToken } from '../plugins/authenticate';
import { networkOf } from './client-address';

/** The request behind a session or an event, as far as a person would recognise it. */
export interface RequestOrigin {
  userAgent?: string | null | undefined;
  network?: string | null | undefined;
}

/** The device and network a request came from, as sessions and security events keep them. */
export function requestOrigin(request: FastifyRequest): RequestOrigin {
  return { userAgent: request.headers['user-agent'] ?? null, network: networkOf(request.ip) };
}

/**
 * What a sign-in call knows of the browser: where it is, and the session token it may still
 * hold (the web sends it on every call), which the new session replaces if it is the same user's.
 */
export function signInOrigin(request: FastifyRequest): {
  origin: RequestOrigin;
  currentToken: string | null;
} {
  return { origin: requestOrigin(request), currentToken: bearerToken(request) };
}
