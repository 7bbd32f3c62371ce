import { ZReconnectReason } from '@app/contract/integrations/get-integrations-status';
import type { TUserByPhoneResponse } from '@app/contract/internal/assistant';
import { normaliseE164 } from '@app/contract/phone';
import { AppError } from '../../lib/app-error';
import type { InternalApiDeps } from './deps';

/** The person who texts from this number, with what the assistant may use on their behalf. */
export async function findUserByPhone(
  deps: Pick<InternalApiDeps, 'usersRepo' | 'connectionsRepo' | 'logAccess'>,
  input: { e164: string },
): Promise<TUserByPhoneResponse> {
  const phone = normaliseE164(input.e164);
  if (!phone) throw new AppError('INVALID_PHONE_NUMBER', 'Not a valid phone number in E.164 form.');
  const user = await deps.usersRepo.findByPhone(phone);
  await deps.logAccess({
    action: 'lookup_user',
    outcome: user ? 'found' : 'not_found',
    userId: user?.id ?? null,
  });
  if (!user?.phone_number) throw new AppError('NOT_FOUND', 'No user has linked this phone number.');
  const connections = await deps.connectionsRepo.listForUser(user.id);
  return {
    user: {
      id: user.id,
      name: user.name,
      email: user.email,
      phoneNumber: user.phone_number,
      language: user.language,
    },
    connections: connections
      .filter((c) => c.status === 'connected' || c.status === 'needs_reconnect')
      .map((c) => ({
        id: c.id,
        provider: c.provider,
        email: c.email,
        status: c.status as 'connected' | 'needs_reconnect',
        reason:
          c.status === 'needs_reconnect' ? (ZReconnectReason.safeParse(c.status_reason).data ?? null) : null,
        grantedScopes: c.granted_scopes.split(' ').filter(Boolean),
      })),
  };
}
