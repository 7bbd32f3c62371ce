import '@/lib/zod-config';
import { ZOAuthCallbackFragment } from '@app/contract/oauth/oauth-callback';

/** What the address of an OAuth callback says happened, whichever of the two forms it came in. */
export type TOAuthCallbackResult =
  /** A sign-in: the ticket buys a session (none: the session cannot be made). */
  | { kind: 'signin'; ticket: string | null }
  /** Another account linked to the person already signed in (or a success without a token). */
  | { kind: 'connect'; email: string | null }
  /** The spec's legacy form: the session token itself, with the user's fields (spec §4). */
  | {
      kind: 'session';
      sessionToken: string;
      user: { account_id: string | null; email: string | null; name: string | null };
    }
  /** The spec's code-based flow: a provider code for the server, for the signed-in user. */
  | { kind: 'code'; code: string; state: string | null }
  /** A failure, with the stable code when one came (OAUTH_DENIED, OAUTH_FAILED, ...). */
  | { kind: 'failure'; code: string | null }
  | { kind: 'nothing' };

/** RFC 6749 §4.1.2.1's "the person said no", as a provider sends it, is our OAUTH_DENIED. */
function toErrorCode(error: string | null): string | null {
  if (!error) return null;
  return error === 'access_denied' ? 'OAUTH_DENIED' : error;
}

function fromFragment(params: URLSearchParams): TOAuthCallbackResult {
  const parsed = ZOAuthCallbackFragment.safeParse(Object.fromEntries(params));
  if (!parsed.success) return { kind: 'failure', code: null };
  const data = parsed.data;
  if (data.success === 'false') return { kind: 'failure', code: toErrorCode(data.error) };
  if (data.purpose === 'signin') return { kind: 'signin', ticket: data.ticket ?? null };
  return { kind: 'connect', email: data.email || null };
}

/** Spec §4: success, error, account_id, email, name, sessionToken or code, in the query. */
function fromQuery(params: URLSearchParams): TOAuthCallbackResult {
  const get = (key: string) => params.get(key) || null;
  const error = get('error');
  if (get('success') === 'false' || error) return { kind: 'failure', code: toErrorCode(error) };
  const code = get('code');
  if (code) return { kind: 'code', code, state: get('state') };
  const sessionToken = get('sessionToken');
  if (sessionToken) {
    return {
      kind: 'session',
      sessionToken,
      user: { account_id: get('account_id'), email: get('email'), name: get('name') },
    };
  }
  if (get('success') === 'true') return { kind: 'connect', email: get('email') };
  return { kind: 'nothing' };
}

/**
 * Reads a callback address. The fragment (design §4: what our server sends, never a session
 * token) wins when it carries `success`; otherwise the spec's query parameters are read.
 */
export function readOAuthCallback({ hash, search }: { hash: string; search: string }): TOAuthCallbackResult {
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  if (fragment.has('success')) return fromFragment(fragment);
  return fromQuery(new URLSearchParams(search));
}
