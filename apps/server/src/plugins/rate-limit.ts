import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import { clientKey } from '../lib/client-address';
import { requestLanguage, translate } from '../lib/messages';

/**
 * Per-route limits (routes opt in through registerRoute, so static files and health checks
 * are never limited), counted in Redis when there is one so they hold across instances.
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(rateLimit, {
      global: false,
      ...(app.redis ? { redis: app.redis, nameSpace: 'rl:' } : {}),
      keyGenerator: (request) => clientKey(request.ip),
      errorResponseBuilder: (request, context) => {
        const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
        return new AppError(
          'RATE_LIMITED',
          translate(requestLanguage(request), 'tooManyRequests', { seconds }),
          {
            retryAfterSeconds: seconds,
          },
        );
      },
    });
  },
  { name: 'rate-limit', dependencies: ['redis'] },
);
