import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import { safeEqual } from '../../lib/secrets';

/**
 * The assistant service's guard: `Authorization: Bearer <ASSISTANT_API_KEY>`. Both sides are
 * hashed first so the comparison takes the same time whatever the presented key's length.
 */
export function serviceKeyGuard(key: string) {
  const expected = createHash('sha256').update(key).digest('hex');
  return async (request: FastifyRequest): Promise<void> => {
    const header = request.headers.authorization;
    const presented = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header)?.[1] : undefined;
    const digest = createHash('sha256')
      .update(presented ?? '')
      .digest('hex');
    if (!presented || !safeEqual(digest, expected)) {
      throw new AppError('UNAUTHORIZED', 'A valid service key is required.');
    }
  };
}

/** Who called, for the access log: a short fingerprint of the key, never the key itself. */
export function callerOf(key: string): string {
  return `assistant:${createHash('sha256').update(key).digest('hex').slice(0, 8)}`;
}
