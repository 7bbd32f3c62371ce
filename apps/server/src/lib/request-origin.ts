import type { FastifyRequest } from 'fastify';
import type { RequestOrigin } from '../modules/security-events/repo';
import { networkOf } from './client-address';

/** The device and network a request came from, as sessions and security events keep them. */
export function requestOrigin(request: FastifyRequest): RequestOrigin {
  return { userAgent: request.headers['user-agent'] ?? null, network: networkOf(request.ip) };
}
