// What the web needs on its first load without the validation library: the base path, the
// error codes and path building. http.ts adds the schemas and re-exports all of this.

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
  'SMS_OPTED_OUT',
  'INVALID_CODE',
  'CODE_EXPIRED',
  'TOO_MANY_ATTEMPTS',
  'INVALID_PHONE_NUMBER',
  'NOT_CONNECTED',
  'OAUTH_DENIED',
  'OAUTH_FAILED',
  'PROVIDER_ERROR',
  'NEEDS_RECONNECT',
  'PERMISSION_MISSING',
  'APPLE_AUTH_FAILED',
  'PAYMENT_ERROR',
  'SERVICE_UNAVAILABLE',
  'INTERNAL',
] as const;
export type TErrorCode = (typeof ERROR_CODES)[number];

export function isErrorCode(value: unknown): value is TErrorCode {
  return (ERROR_CODES as readonly unknown[]).includes(value);
}

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** Interpolates `:param` segments, so the web never hand-builds a path. */
export function buildPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
}
