import { API_BASE, type RouteDef, ZErrorBody } from '@app/contract/http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

type Infer<T> = T extends z.ZodType ? z.output<T> : undefined;

export type RouteRequest<R extends RouteDef> = FastifyRequest<{
  Body: Infer<R['body']>;
  Querystring: Infer<R['query']>;
  Params: Infer<R['params']>;
}>;

export interface RouteOptions {
  /** Per-route limit; every API route has one (the app-wide default when not given). */
  rateLimit?: {
    max: number | ((req: FastifyRequest, key: string) => number);
    timeWindow: number | string;
    keyGenerator?: (req: FastifyRequest) => string;
  };
}

/**
 * Who may call a route, decided before the body is read or validated: an anonymous caller learns
 * nothing of a route's fields from its 400s. `preParsing` runs after the rate limit (onRequest),
 * so a flood is refused before any lookup.
 */
function guardOf(app: FastifyInstance, def: RouteDef) {
  const check =
    def.auth === true ? app.authenticate : def.auth === 'service' ? app.serviceKey?.authenticate : undefined;
  if (def.auth === 'service' && !check)
    throw new Error(`${def.path} needs ASSISTANT_API_KEY to be registered`);
  if (!check) return {};
  return {
    preParsing: async (request: FastifyRequest, _reply: FastifyReply, payload: unknown) => {
      await check(request);
      return payload;
    },
  };
}

/**
 * Registers one contract route: its schemas validate the request, shape the response,
 * and feed the OpenAPI document, so the contract is the single definition of the call.
 */
export function registerRoute<R extends RouteDef>(
  app: FastifyInstance,
  def: R,
  handler: (req: RouteRequest<R>, reply: FastifyReply) => Promise<z.input<R['response']>>,
  options: RouteOptions = {},
): void {
  app.route({
    method: def.method,
    url: `${API_BASE}${def.path}`,
    schema: {
      summary: def.summary,
      tags: [def.tag],
      ...(def.body ? { body: def.body } : {}),
      ...(def.query ? { querystring: def.query } : {}),
      ...(def.params ? { params: def.params } : {}),
      ...(def.auth === true ? { security: [{ bearerAuth: [] }] } : {}),
      ...(def.auth === 'service' ? { security: [{ serviceKey: [] }] } : {}),
      response: { 200: def.response, '4xx': ZErrorBody, '5xx': ZErrorBody },
    },
    config: {
      rateLimit:
        options.rateLimit ??
        (def.auth === 'service' ? app.serviceKey?.rateLimit : undefined) ??
        app.defaultRateLimit,
    },
    ...guardOf(app, def),
    handler: handler as (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}
