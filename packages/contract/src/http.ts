import { z } from 'zod';

import { ERROR_CODES, type HttpMethod, type TErrorCode } from './http-core';

export * from './http-core';

export const ZErrorCode = z.enum(ERROR_CODES);

export const ZErrorBody = z
  .object({
    error: z.object({
      code: ZErrorCode,
      message: z.string(),
      /** Dotted path of the offending field, for VALIDATION_ERROR. */
      field: z.string().optional(),
      /** Seconds until a rate-limited call may be retried (also sent as `Retry-After`). */
      retryAfterSeconds: z.number().int().nonnegative().optional(),
      /** Why a connection needs reconnecting, for NEEDS_RECONNECT (grant_revoked, token_expired, ...). */
      reason: z.string().optional(),
      /** The service whose permission is missing, for PERMISSION_MISSING (email, calendar, contacts). */
      service: z.string().optional(),
      /** What is missing, for PERMISSION_MISSING: the grant, the person's switch, write access or sending. */
      permission: z.string().optional(),
      /** The connection the error is about, when there is one. */
      connectionId: z.string().optional(),
      /** Correlates a 500 with the server log without exposing internals. */
      requestId: z.string().optional(),
    }),
  })
  .meta({ id: 'ErrorBody' });
export type TErrorBody = z.infer<typeof ZErrorBody>;

type AnyZod = z.ZodType;

export interface RouteDef {
  method: HttpMethod;
  /** Fastify-style path relative to API_BASE, e.g. `/billing/invoices/:id/download`. */
  path: string;
  summary: string;
  tag: string;
  /** Whether a bearer session token is required; 'service' is the assistant service's key. */
  auth: boolean | 'service';
  body?: AnyZod;
  query?: AnyZod;
  params?: AnyZod;
  response: AnyZod;
  /** Error codes this call may answer with, besides VALIDATION_ERROR and INTERNAL. */
  errors: readonly TErrorCode[];
}

export function defineRoute<const T extends RouteDef>(def: T): T {
  return def;
}
