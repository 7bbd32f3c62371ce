import type { FastifyRequest } from 'fastify';
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
