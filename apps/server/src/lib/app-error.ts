import type { TErrorCode } from '@app/contract/http';

const STATUS: Record<TErrorCode, number> = {
  VALIDATION_ERROR: 400,
  BAD_REQUEST: 400,
  INVALID_PHONE_NUMBER: 400,
  INVALID_CODE: 400,
  CODE_EXPIRED: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  NOT_CONNECTED: 409,
  OAUTH_DENIED: 400,
  OAUTH_FAILED: 400,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  HEADERS_TOO_LARGE: 431,
  REQUEST_TIMEOUT: 408,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_ATTEMPTS: 429,
  RATE_LIMITED: 429,
  // The number said STOP: nothing is texted to it until it says START (issue 29).
  SMS_OPTED_OUT: 403,
  INTERNAL: 500,
  PROVIDER_ERROR: 502,
  NEEDS_RECONNECT: 409,
  PERMISSION_MISSING: 403,
  // Not 401: the web treats a 401 as an expired session and signs the person out.
  APPLE_AUTH_FAILED: 400,
  PAYMENT_ERROR: 502,
  SERVICE_UNAVAILABLE: 503,
};

/** An error a client is meant to see: its code and message reach the response as they are. */
export class AppError extends Error {
  override name = 'AppError';
  readonly statusCode: number;

  constructor(
    readonly code: TErrorCode,
    message: string,
    readonly extra: {
      field?: string;
      retryAfterSeconds?: number;
      reason?: string;
      service?: string;
      permission?: string;
      connectionId?: string;
    } = {},
  ) {
    super(message);
    this.statusCode = STATUS[code];
  }
}
