import type { TExchangeLoginTicketResponse } from '@app/contract/auth/exchange-login-ticket';
import { AppError } from '../../lib/app-error';
import { type Language, translate } from '../../lib/messages';
import type { OneTimeStore } from '../../lib/one-time-store/one-time-store';
import type { AuthRepo } from '../auth/repo';
import { createSession, toUser } from '../auth/sessions';
import { ticketKey } from './oauth-state';

/** Trades a login ticket (single use, 60 s) for a session: the only way an OAuth sign-in gets one. */
export async function exchangeLoginTicket(
  deps: { store: OneTimeStore; authRepo: AuthRepo; now: () => Date },
  input: { ticket: string; language: Language; userAgent?: string | undefined },
): Promise<TExchangeLoginTicketResponse> {
  const raw = await deps.store.take(ticketKey(input.ticket));
  const refuse = () => new AppError('UNAUTHORIZED', translate(input.language, 'ticketInvalid'));
  if (!raw) throw refuse();
  const { userId, provider } = JSON.parse(raw) as { userId: string; provider: string };
  const user = await deps.authRepo.findUserById(userId);
  if (!user) throw refuse();
  const sessionToken = await createSession(deps.authRepo, user, {
    provider,
    userAgent: input.userAgent,
    now: deps.now(),
  });
  return { sessionToken, user: toUser(user) };
}
