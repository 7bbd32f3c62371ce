/**
 * The one vocabulary every outside-service adapter speaks when a call fails (issue 20): each
 * kind says what the caller can do about it, never how the provider happened to say it.
 *
 * - token_refused: the credential was refused (HTTP 401). Refresh once and retry once; an Apple
 *   app password refused means the person must reconnect.
 * - scope_missing: the credential is good but lacks the permission (a 403 for want of scope).
 * - not_found: the event, message or contact named is not there (404, 410).
 * - rejected: the provider refused what we sent (another 4xx): a bad attendee, a full mailbox.
 * - unavailable: down, slow, throttled (5xx, 429, a timeout, a network failure). Temporary;
 *   `retryAfterSeconds` carries the provider's Retry-After when it gave one.
 * - protocol: it answered, but nothing we can read (bad JSON, a shape we do not know).
 */
export type ProviderFailure =
  | 'token_refused'
  | 'scope_missing'
  | 'not_found'
  | 'rejected'
  | 'unavailable'
  | 'protocol';

export class ProviderError extends Error {
  override name = 'ProviderError';
  readonly retryAfterSeconds: number | null;
  readonly status: number | null;

  constructor(
    readonly kind: ProviderFailure,
    message: string,
    details: { retryAfterSeconds?: number | null; status?: number | null; cause?: unknown } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.retryAfterSeconds = details.retryAfterSeconds ?? null;
    this.status = details.status ?? null;
  }
}

export function isProviderError(error: unknown, kind?: ProviderFailure): error is ProviderError {
  return error instanceof ProviderError && (kind === undefined || error.kind === kind);
}

/** The most a Retry-After may ask us to wait before we call the provider unavailable for longer. */
const MAX_RETRY_AFTER_SECONDS = 3600;

/** Retry-After as seconds (RFC 9110: delay-seconds or an HTTP date); null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  let seconds: number;
  if (/^\d+$/.test(trimmed)) seconds = Number(trimmed);
  else {
    const at = Date.parse(trimmed);
    if (Number.isNaN(at)) return null;
    seconds = Math.ceil((at - now) / 1000);
  }
  return Math.min(MAX_RETRY_AFTER_SECONDS, Math.max(0, seconds));
}
