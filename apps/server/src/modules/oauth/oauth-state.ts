import { createHash } from 'node:crypto';
import { OAUTH_SLUGS } from '@app/contract/common';
import type { SignInProvider } from '../../providers/identity/identity';

/** What an authorization request leaves behind for its callback, in the one-time store for 10 minutes. */
export interface OAuthState {
  provider: SignInProvider;
  purpose: 'signin' | 'connect';
  /** The signed-in user a connection is for. */
  userId: string | null;
  codeVerifier: string;
  nonce: string;
  /** SHA-256 of the starting browser's flow cookie (browser-binding.ts). */
  browser: string;
  /** The verified-phone proof a new user brought along (checked again and spent at the callback). */
  phoneProof: string | null;
}

export const STATE_TTL_MS = 10 * 60 * 1000;
export const TICKET_TTL_MS = 60 * 1000;

export const stateKey = (state: string) => `oauth-state:${state}`;
/** Tickets are stored by hash: the store never holds what would sign someone in. */
export const ticketKey = (ticket: string) =>
  `login-ticket:${createHash('sha256').update(ticket).digest('base64url')}`;

/** The one exact redirect URI per provider that is registered with it. */
export function redirectUri(publicUrl: string, provider: SignInProvider): string {
  return `${publicUrl}/v1/${OAUTH_SLUGS[provider]}/callback`;
}
