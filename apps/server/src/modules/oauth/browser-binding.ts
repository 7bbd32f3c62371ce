import { createHash, randomBytes } from 'node:crypto';

/**
 * Ties an OAuth flow to the browser that started it (login CSRF): oauth-init sets this cookie,
 * the state remembers its hash, and the callback must come with the same cookie. Otherwise a
 * stranger could send someone a callback link of their own sign-in and sign that person in
 * as them. One value per browser, so flows in two tabs do not undo each other.
 */
export const FLOW_COOKIE = 'relay_oauth_flow';
const MAX_AGE_SECONDS = 10 * 60;

export function readFlowCookie(header: string | undefined): string | null {
  for (const part of String(header ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === FLOW_COOKIE && value && /^[A-Za-z0-9_-]{43}$/.test(value)) return value;
  }
  return null;
}

export function newFlowKey(): string {
  return randomBytes(32).toString('base64url');
}

export function flowCookie(value: string, secure: boolean): string {
  return `${FLOW_COOKIE}=${value}; Path=/v1/; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export function bindingOf(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}
