import { z } from 'zod';

/** Every call of the spec's section 7 is served under this base, paths otherwise unchanged. */
export const API_BASE = '/v1';

/**
 * Stable machine-readable error codes. Each has a text in both languages in the catalogue
 * (`messages.ts`, ERROR_CODE_TEXTS); the server's `message` is in the request's language.
 */
export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'HEADERS_TOO_LARGE',
  'REQUEST_TIMEOUT',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'INVALID_CODE',
  'CODE_EXPIRED',
  'TOO_MANY_ATTEMPTS',
  'INVALID_PHONE_NUMBER',
  'NOT_CONNECTED',
  'OAUTH_DENIED',
  'OAUTH_FAILED',
  'PROVIDER_ERROR',
  'NEEDS_RECONNECT',
  'APPLE_AUTH_FAILED',
  'PAYMENT_ERROR',
  'SERVICE_UNAVAILABLE',
  'INTERNAL',
] as const;
export const ZErrorCode = z.enum(ERROR_CODES);
export type TErrorCode = z.infer<typeof ZErrorCode>;

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
      /** Correlates a 500 with the server log without exposing internals. */
      requestId: z.string().optional(),
    }),
  })
  .meta({ id: 'ErrorBody' });
export type TErrorBody = z.infer<typeof ZErrorBody>;

export type HttpMethod = 'GET' | 'POST' | 'DELETE';

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

/** Interpolates `:param` segments, so the web never hand-builds a path. */
export function buildPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
}
