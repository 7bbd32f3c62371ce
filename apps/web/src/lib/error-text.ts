import { isErrorCode } from '@app/contract/http-core';
import { DIAGNOSTIC_CODES } from '@app/contract/messages-core';
import type { MessageKey } from '@app/contract/messages-en';
import i18n from 'i18next';
import { ApiError } from './api-client';

/** A catalogue text (the contract's `errors` namespace) in the page's language. */
export function catalogueText(key: MessageKey, vars: Record<string, string | number> = {}): string {
  return i18n.t(key, { ns: 'errors', ...vars });
}

/**
 * The one place the web turns a failure into words; screens never test codes themselves.
 *
 * - Failures the client names itself: no network, no stored token, a 401 (spec §8:
 *   'Authentication required. Redirecting to login...') each have their catalogue text.
 * - A server code whose message is written for people: the server's message, which is in
 *   the page's language (the client sends Accept-Language); spec §8 "server error text".
 * - Anything else (a diagnostic code, a non-JSON answer, a bug): the screen's own fallback
 *   when it has one (spec §8: contact's, verification's), else the catalogue's text for the
 *   code, or 'HTTP error! status: N', or the generic one.
 */
export function errorText(error: unknown, fallback?: string): string {
  if (!(error instanceof ApiError)) return fallback ?? catalogueText('unknown');
  switch (error.code) {
    case 'NETWORK_ERROR':
      return catalogueText('network');
    case 'NO_SESSION':
      return catalogueText('noSession');
    case 'UNAUTHORIZED':
      return catalogueText('redirectingToLogin');
    case 'HTTP_ERROR':
      return fallback ?? catalogueText('http', { status: error.status });
  }
  if (!DIAGNOSTIC_CODES.includes(error.code) && error.message) return error.message;
  if (fallback) return fallback;
  const text = i18n.t(`codes.${error.code}`, { ns: 'errors' });
  const { requestId } = error.details;
  return requestId ? `${text} ${catalogueText('reference', { requestId })}` : text;
}

/**
 * The text for an error code that did not come in an API answer but in a link (the OAuth
 * callback's fragment): the catalogue's text for a known code, else the screen's fallback.
 * A message carried beside the code is never shown: anyone can write a link, and the page must
 * not say what a stranger's link tells it to.
 */
export function reportedErrorText(code: string | null | undefined, fallback: string): string {
  return isErrorCode(code) ? i18n.t(`codes.${code}`, { ns: 'errors' }) : fallback;
}
