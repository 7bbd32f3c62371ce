import type { TExchangeLoginTicketResponse } from '@app/contract/auth/exchange-login-ticket';
import type { RunInTransaction } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { type Language, translate } from '../../lib/messages';
import type { OneTimeStore } from '../../lib/one-time-store/one-time-store';
import type { RequestOrigin } from '../../lib/request-origin';
import type { AuthRepo } from '../auth/repo';
import { createSession, toUser } from '../auth/sessions';
import type { SecurityEventsRepo } from '../security-events/repo';
import { ticketKey } from './oauth-state';

/** Trades a login ticket (single use, 60 s) for a session: the only way an OAuth sign-in gets one. */
export async function exchangeLoginTicket(
  deps: {
    store: OneTimeStore;
    authRepo: AuthRepo;
    events: SecurityEventsRepo;
    transaction: RunInTransaction;
    now: () => Date;
  },
  input: { ticket: string; language: Language; origin: RequestOrigin; currentToken: string | null },
): Promise<TExchangeLoginTicketResponse> {
  const raw = await deps.store.take(ticketKey(input.ticket));
  const refuse = () => new AppError('UNAUTHORIZED', translate(input.language, 'ticketInvalid'));
  if (!raw) throw refuse();
  const { userId, provider } = JSON.parse(raw) as { userId: string; provider: string };
  const user = await deps.authRepo.findUserById(userId);
  if (!user) throw refuse();
  const sessionToken = await deps.transaction((trx) =>
    createSession({ auth: deps.authRepo.with(trx), events: deps.events.with(trx) }, user, {
      provider,
      origin: input.origin,
      replacing: input.currentToken,
      now: deps.now(),
    }),
  );
  return { sessionToken, user: toUser(user) };
}
