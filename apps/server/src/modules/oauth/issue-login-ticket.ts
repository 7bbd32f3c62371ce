import { randomBytes } from 'node:crypto';
import type { SignInProvider } from '../../providers/identity/identity';
import type { OAuthDeps } from './deps';
import { TICKET_TTL_MS, ticketKey } from './oauth-state';

/** A one-time ticket (60 s) the browser trades for a session; the session token never rides in a URL. */
export async function issueLoginTicket(
  deps: Pick<OAuthDeps, 'oneTimeStore'>,
  input: { userId: string; provider: SignInProvider },
): Promise<string> {
  const ticket = randomBytes(32).toString('base64url');
  await deps.oneTimeStore.put(
    ticketKey(ticket),
    JSON.stringify({ userId: input.userId, provider: input.provider }),
    TICKET_TTL_MS,
  );
  return ticket;
}
