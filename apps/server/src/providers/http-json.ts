import { ProviderError, parseRetryAfter } from './provider-errors';

/** Google answers a spent quota with 403 and one of these reasons; it passes, so it is temporary. */
const RATE_LIMIT_REASONS = new Set(['rateLimitExceeded', 'userRateLimitExceeded', 'quotaExceeded']);

export interface JsonRequest {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  headers?: Record<string, string>;
  /** Sent as JSON, unless `rawBody` is given. */
  body?: unknown;
  /** A body sent as it is (a MIME message), with its own content type in `headers`. */
  rawBody?: string;
  timeoutMs: number;
  /** Names the provider in error messages: 'Google Calendar', 'Microsoft Graph'. */
  service: string;
}

export interface JsonFailure {
  status: number;
  body: unknown;
}

/**
 * One call to a REST API with a deadline, its failures in the one vocabulary of
 * provider-errors.ts: 401 token_refused; 403 scope_missing (a Google rate-limit 403 is
 * unavailable); 404 and 410 not_found; 429, 5xx, network and timeout unavailable, with the
 * provider's Retry-After; other 4xx rejected; a 2xx that is not JSON protocol. A 204 or an
 * empty 2xx gives null. `classify` may name another kind for a failure the provider words its
 * own way (Graph's 403 ErrorAccessDenied for a mailbox it cannot see is not a scope).
 */
export async function requestJson(
  url: URL,
  init: JsonRequest,
  classify?: (failure: JsonFailure) => ProviderError | null,
): Promise<unknown> {
  let response: Response;
  const headers: Record<string, string> = { accept: 'application/json', ...init.headers };
  let body: string | undefined;
  if (init.rawBody !== undefined) body = init.rawBody;
  else if (init.body !== undefined) {
    body = JSON.stringify(init.body);
    headers['content-type'] ??= 'application/json';
  }
  try {
    response = await fetch(url, {
      method: init.method ?? 'GET',
      headers,
      body,
      signal: AbortSignal.timeout(init.timeoutMs),
      // A redirect would carry the bearer token to wherever it points.
      redirect: 'error',
    });
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    throw new ProviderError(
      'unavailable',
      `${init.service} ${timedOut ? 'timed out' : 'could not be reached'}`,
      {
        cause: error,
      },
    );
  }
  const text = await response.text().catch(() => '');
  let parsed: unknown = null;
  let readable = true;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    readable = false;
  }
  if (response.ok) {
    if (!text) return null;
    if (!readable || parsed === null || typeof parsed !== 'object')
      throw new ProviderError('protocol', `${init.service} answered ${response.status} without JSON`, {
        status: response.status,
      });
    return parsed;
  }
  const failure = { status: response.status, body: readable ? parsed : null };
  const custom = classify?.(failure);
  if (custom) throw custom;
  const status = response.status;
  const message = `${init.service} answered ${status}${providerMessage(failure.body)}`;
  if (status === 401) throw new ProviderError('token_refused', message, { status });
  if (status >= 500 || status === 429 || (status === 403 && isRateLimit(failure.body))) {
    throw new ProviderError('unavailable', message, {
      status,
      retryAfterSeconds: parseRetryAfter(response.headers.get('retry-after')),
    });
  }
  if (status === 403) throw new ProviderError('scope_missing', message, { status });
  if (status === 404 || status === 410) throw new ProviderError('not_found', message, { status });
  throw new ProviderError('rejected', message, { status });
}

/** The provider's own short explanation, for logs: Google's and Graph's `error.message`. */
function providerMessage(body: unknown): string {
  const error = (body as { error?: { message?: unknown } } | null)?.error;
  const text = typeof error?.message === 'string' ? error.message : '';
  return text ? `: ${text.slice(0, 200)}` : '';
}

function isRateLimit(body: unknown): boolean {
  const errors = (body as { error?: { errors?: { reason?: string }[] } } | null)?.error?.errors;
  return Array.isArray(errors) && errors.some((entry) => RATE_LIMIT_REASONS.has(String(entry?.reason)));
}
