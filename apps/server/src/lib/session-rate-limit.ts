import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { bearerToken } from '../plugins/authenticate';
import { clientKey } from './client-address';

/**
 * A route limit counted per session rather than per address: the limit runs before
 * authentication, so it keys on the token's hash, and people behind one shared address do not
 * share a budget. A request without a token counts under its address (and is refused anyway).
 */
export function perSessionLimit(name: string, max: number, timeWindow: number) {
  return {
    max,
    timeWindow,
    keyGenerator: (req: FastifyRequest) => {
      const token = bearerToken(req);
      return token ? `${name}:${createHash('sha256').update(token).digest('hex')}` : clientKey(req.ip);
    },
  };
}
