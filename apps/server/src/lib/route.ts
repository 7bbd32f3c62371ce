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
  rateLimit?: { max: number; timeWindow: number | string; keyGenerator?: (req: FastifyRequest) => string };
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
    config: { rateLimit: options.rateLimit ?? app.defaultRateLimit },
    // Service routes bring their own guard (the assistant's key), registered by their module.
    ...(def.auth === true ? { preHandler: app.authenticate } : {}),
    handler: handler as (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}
