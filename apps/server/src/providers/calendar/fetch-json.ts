import { CalendarProtocolError, CalendarUnavailableError, TokenRefusedError } from './calendar';

/** Google answers a spent quota with 403 and one of these reasons; it passes, so it is temporary. */
const RATE_LIMIT_REASONS = new Set(['rateLimitExceeded', 'userRateLimitExceeded', 'quotaExceeded']);

export interface JsonFailure {
  status: number;
  body: unknown;
}

/**
 * One GET to a calendar API with a deadline. 401 -> TokenRefusedError; 5xx, 429, a Google
 * rate-limit 403 and network failures -> CalendarUnavailableError; any other non-2xx goes to
 * `onClientError` (403 for want of scope is the adapter's to recognise).
 */
export async function getJson(
  url: URL,
  init: { headers: Record<string, string>; timeoutMs: number; service: string },
  onClientError: (failure: JsonFailure) => Error,
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { accept: 'application/json', ...init.headers },
      signal: AbortSignal.timeout(init.timeoutMs),
      redirect: 'error',
    });
  } catch (error) {
    const why =
      error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'could not be reached';
    throw new CalendarUnavailableError(`${init.service} ${why}`, { cause: error });
  }
  const text = await response.text().catch(() => '');
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (response.ok) {
    if (body === null || typeof body !== 'object')
      throw new CalendarProtocolError(`${init.service} answered ${response.status} without JSON`);
    return body;
  }
  if (response.status === 401) throw new TokenRefusedError(`${init.service} refused the access token`);
  if (response.status >= 500 || response.status === 429 || isRateLimit(body)) {
    throw new CalendarUnavailableError(`${init.service} answered ${response.status}`);
  }
  throw onClientError({ status: response.status, body });
}

function isRateLimit(body: unknown): boolean {
  const errors = (body as { error?: { errors?: { reason?: string }[] } } | null)?.error?.errors;
  return Array.isArray(errors) && errors.some((entry) => RATE_LIMIT_REASONS.has(String(entry?.reason)));
}
