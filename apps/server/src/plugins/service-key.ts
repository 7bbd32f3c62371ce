import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import { clientKey } from '../lib/client-address';
import type { RouteOptions } from '../lib/route';
import { safeEqual } from '../lib/secrets';

/** Wrong keys from one address: enough for a misconfigured deploy to show up in the logs, no more. */
const FAILED_KEY_MAX_PER_MINUTE = 30;

/** The internal API's caller: the assistant service, by `Authorization: Bearer <ASSISTANT_API_KEY>`. */
export interface ServiceKey {
  /** Refuses a request without the key (registerRoute runs it before the body is read). */
  authenticate: (request: FastifyRequest) => Promise<void>;
  /** Per key for the service, and per address for wrong keys, so a flood of those cannot use up the service's budget. */
  rateLimit: NonNullable<RouteOptions['rateLimit']>;
  /** Who called, for the access log: a short fingerprint of the key, never the key itself. */
  caller: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Null without ASSISTANT_API_KEY: then the internal routes are not registered at all. */
    serviceKey: ServiceKey | null;
  }
}

const digest = (value: string) => createHash('sha256').update(value).digest('hex');

function presentedKey(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header)?.[1] : undefined;
}

/**
 * Both sides are hashed before the comparison so it takes the same time whatever the presented
 * key's length. The answer is kept on the request: the rate limit asks first, the guard after.
 */
export function serviceKeyOf(
  key: string,
  /** The assistant service's own budget: one busy caller, far above a person's. */
  serviceMaxPerMinute: number,
): ServiceKey {
  const expected = digest(key);
  const checked = new WeakMap<FastifyRequest, boolean>();
  const isValid = (request: FastifyRequest): boolean => {
    let valid = checked.get(request);
    if (valid === undefined) {
      const presented = presentedKey(request);
      valid = presented !== undefined && safeEqual(digest(presented), expected);
      checked.set(request, valid);
    }
    return valid;
  };
  const fingerprint = expected.slice(0, 8);
  return {
    caller: `assistant:${fingerprint}`,
    authenticate: async (request) => {
      if (!isValid(request)) throw new AppError('UNAUTHORIZED', 'A valid service key is required.');
    },
    rateLimit: {
      timeWindow: 60_000,
      max: (_request, key) =>
        key.startsWith('service-key-failed:') ? FAILED_KEY_MAX_PER_MINUTE : serviceMaxPerMinute,
      keyGenerator: (request) =>
        isValid(request) ? `service-key:${fingerprint}` : `service-key-failed:${clientKey(request.ip)}`,
    },
  };
}

export const serviceKeyPlugin = fp(
  async (app: FastifyInstance) => {
    const key = app.config.assistantApiKey;
    app.decorate('serviceKey', key ? serviceKeyOf(key, app.config.assistantApiRateLimitPerMinute) : null);
  },
  { name: 'service-key', dependencies: ['config'] },
);
