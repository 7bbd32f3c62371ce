import { TOAST_MS } from '@app/contract/constants';
import type { RouteDef, TErrorBody } from '@app/contract/http';
import { buildPath, isErrorCode, type TErrorCode } from '@app/contract/http-core';
import { interpolate, type MessageVars } from '@app/contract/messages-core';
import { en, type MessageKey } from '@app/contract/messages-en';
import i18n from 'i18next';
import type { z } from 'zod';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { getSessionToken } from './session';
import { storageKeys } from './storage';
import { showToast } from './toast';

// An ApiError's own message is for logs and tests, in English; people see the catalogue's text
// in their language (error-text.ts).
function english(key: MessageKey, vars: MessageVars = {}): string {
  return interpolate(en[key], vars);
}

/**
 * A failed call, carrying the server's stable code; `lib/error-text.ts` turns it into the
 * text a screen shows. The message is the server's, or for a failure the client names itself
 * (no network, no token, 401, a non-JSON answer) the catalogue's English text, for logs.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: TErrorCode | 'NETWORK_ERROR' | 'HTTP_ERROR' | 'NO_SESSION',
    message: string,
    readonly details: { field?: string; retryAfterSeconds?: number; requestId?: string } = {},
  ) {
    super(message);
  }
}

type Input<R extends RouteDef> = {
  body?: R['body'] extends z.ZodType ? z.input<R['body']> : never;
  query?: R['query'] extends z.ZodType ? z.input<R['query']> : never;
  params?: Record<string, string>;
  signal?: AbortSignal;
};

/**
 * Spec §4: a 401 or a missing token signs the person out and sends them to connect. Several
 * calls fail together when a session ends (a screen asks for a few things at once), and the
 * router's navigation takes a moment, so until it has arrived every further failure only
 * forgets the session: one toast, one redirect.
 */
function signOutAndRedirect(): void {
  try {
    window.localStorage.removeItem(storageKeys.user);
    window.localStorage.removeItem(storageKeys.session);
  } catch {
    // storage unavailable: nothing to clear
  }
  if (redirecting) return;
  const here = window.location.pathname;
  if (here !== paths.connect && here !== paths.root) {
    redirecting = true;
    showToast('red', i18n.t('redirectingToLogin', { ns: 'errors' }), TOAST_MS.default);
    void Promise.resolve(unauthorizedHandler(paths.connect)).finally(() => {
      redirecting = false;
    });
  }
}

type UnauthorizedHandler = (to: string) => void | Promise<void>;

// A full page load (the default) never comes back to reset this; the router's navigation does.
let unauthorizedHandler: UnauthorizedHandler = (to) => new Promise(() => window.location.assign(to));
let redirecting = false;

/** The router installs client-side navigation here, so a 401 never reloads the page. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  unauthorizedHandler = handler;
  redirecting = false;
}

function toQueryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * The one way the web calls the API: JSON, bearer token, typed by the contract, and
 * every failure turned into an ApiError with a stable code.
 */
export async function apiRequest<R extends RouteDef>(
  route: R,
  input: Input<R> = {},
): Promise<z.output<R['response']>> {
  const token = getSessionToken();
  if (route.auth && !token) {
    signOutAndRedirect();
    throw new ApiError(401, 'NO_SESSION', english('noSession'));
  }
  const url = `${env.apiBase}${buildPath(route.path, input.params)}${toQueryString(input.query as Record<string, unknown>)}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: route.method,
      headers: {
        Accept: 'application/json',
        // The server writes its messages (and texts) in the page's language.
        'Accept-Language': i18n.resolvedLanguage ?? 'en',
        ...(input.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      ...(input.body !== undefined ? { body: JSON.stringify(input.body) } : {}),
      ...(input.signal ? { signal: input.signal } : {}),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK_ERROR', english('network'));
  }

  // A 401 ends the session only where the session was the credential. A call that signs in
  // (a one-time ticket, a phone proof in the body) is answered 401 when that credential is
  // refused: the screen says so, and whoever is signed in on this device stays signed in.
  if (response.status === 401 && route.auth) {
    signOutAndRedirect();
    throw new ApiError(401, 'UNAUTHORIZED', english('redirectingToLogin'));
  }
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const body = readErrorBody(payload);
    if (body) {
      const { code, message, field, retryAfterSeconds, requestId } = body;
      throw new ApiError(response.status, code, message, {
        ...(field ? { field } : {}),
        ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}),
        ...(requestId ? { requestId } : {}),
      });
    }
    throw new ApiError(response.status, 'HTTP_ERROR', english('http', { status: response.status }));
  }
  // Before the first parse: zod must not probe for `new Function`, which the CSP refuses.
  await import('./zod-config');
  return route.response.parse(payload) as z.output<R['response']>;
}

/**
 * The contract's error body (ZErrorBody), read by hand: this module is on every page's first
 * load, and the validation library is not (it comes with the routes a page calls). The fields
 * read are only those the schema defines, and a body that is not one is not trusted.
 */
function readErrorBody(payload: unknown): TErrorBody['error'] | null {
  const error = (payload as { error?: unknown } | null | undefined)?.error;
  if (typeof error !== 'object' || error === null) return null;
  const { code, message, field, retryAfterSeconds, requestId } = error as Record<string, unknown>;
  if (!isErrorCode(code) || typeof message !== 'string') return null;
  return {
    code,
    message,
    ...(typeof field === 'string' ? { field } : {}),
    ...(Number.isInteger(retryAfterSeconds) && (retryAfterSeconds as number) >= 0
      ? { retryAfterSeconds: retryAfterSeconds as number }
      : {}),
    ...(typeof requestId === 'string' ? { requestId } : {}),
  };
}
