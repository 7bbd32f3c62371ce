import type { TExchangeLoginTicketResponse } from '@app/contract/auth/exchange-login-ticket';
import { AppError } from '../../lib/app-error';
import { type Language, translate } from '../../lib/messages';
import type { RequestOrigin } from '../../lib/request-origin';
import { createSession, toUser } from '../auth/sessions';
import type { OAuthDeps } from './deps';
import { ticketKey } from './oauth-state';

/** Trades a login ticket (single use, 60 s) for a session: the only way an OAuth sign-in gets one. */
export async function exchangeLoginTicket(
  deps: Pick<
    OAuthDeps,
    'oneTimeStore' | 'authRepo' | 'usersRepo' | 'securityEvents' | 'transaction' | 'clock'
  >,
  input: { ticket: string; language: Language; origin: RequestOrigin; currentToken: string | null },
): Promise<TExchangeLoginTicketResponse> {
  const raw = await deps.oneTimeStore.take(ticketKey(input.ticket));
  const refuse = () => new AppError('UNAUTHORIZED', translate(input.language, 'ticketInvalid'));
  if (!raw) throw refuse();
  const { userId, provider } = JSON.parse(raw) as { userId: string; provider: string };
  const user = await deps.usersRepo.findById(userId);
  if (!user) throw refuse();
  const sessionToken = await deps.transaction((trx) =>
    createSession({ auth: deps.authRepo.with(trx), events: deps.securityEvents.with(trx) }, user, {
      provider,
      origin: input.origin,
      replacing: input.currentToken,
      now: deps.clock.now(),
    }),
  );
  return { sessionToken, user: toUser(user) };
}
