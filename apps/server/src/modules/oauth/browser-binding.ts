import { bindingOf, newBrowserKey, readBrowserKeyCookie } from '../../lib/browser-key';

/**
 * Ties an OAuth flow to the browser that started it (login CSRF): oauth-init sets this cookie,
 * the state remembers its hash, and the callback must come with the same cookie. Otherwise a
 * stranger could send someone a callback link of their own sign-in and sign that person in
 * as them. One value per browser, so flows in two tabs do not undo each other.
 */
export const FLOW_COOKIE = 'relay_oauth_flow';
const MAX_AGE_SECONDS = 10 * 60;

export function readFlowCookie(header: string | undefined): string | null {
  return readBrowserKeyCookie(header, FLOW_COOKIE);
}

export const newFlowKey = newBrowserKey;

export function flowCookie(value: string, secure: boolean): string {
  return `${FLOW_COOKIE}=${value}; Path=/v1/; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export { bindingOf };
