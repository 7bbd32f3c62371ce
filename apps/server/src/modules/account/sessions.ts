import type { TAccountSession, TRevokeOtherSessionsResponse } from '@app/contract/account/sessions';
import { AppError } from '../../lib/app-error';
import { type Language, translate } from '../../lib/messages';
import type { RequestOrigin } from '../../lib/request-origin';
import { describeDevice } from '../../lib/user-agent';
import type { AccountDeps } from './deps';
import type { AccountSessionRow } from './repo';

export function describeSession(row: AccountSessionRow, currentId: string): TAccountSession {
  return {
    id: row.id,
    current: row.id === currentId,
    device: describeDevice(row.user_agent),
    method: row.provider,
    network: row.network,
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
  };
}

/** The current session first, then the most recently used. */
export async function listSessions(
  deps: Pick<AccountDeps, 'accountRepo' | 'clock'>,
  input: { userId: string; currentSessionId: string },
): Promise<TAccountSession[]> {
  const rows = await deps.accountRepo.listLiveSessions(input.userId, deps.clock.now().toISOString());
  return rows
    .map((row) => describeSession(row, input.currentSessionId))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

export async function revokeSession(
  deps: Pick<AccountDeps, 'accountRepo' | 'securityEvents' | 'transaction' | 'clock'>,
  input: { userId: string; sessionId: string; language: Language; origin: RequestOrigin },
): Promise<void> {
  const at = deps.clock.now();
  await deps.transaction(async (trx) => {
    // Another user's session is answered as missing: its id says nothing about whose it is.
    if (!(await deps.accountRepo.with(trx).deleteSession(input.userId, input.sessionId))) {
      throw new AppError('NOT_FOUND', translate(input.language, 'sessionNotFound'));
    }
    await deps.securityEvents
      .with(trx)
      .record({ userId: input.userId, kind: 'session_revoked', origin: input.origin, at });
  });
}

export async function revokeOtherSessions(
  deps: Pick<AccountDeps, 'accountRepo' | 'securityEvents' | 'transaction' | 'clock'>,
  input: { userId: string; currentSessionId: string; origin: RequestOrigin },
): Promise<TRevokeOtherSessionsResponse> {
  const at = deps.clock.now();
  const revoked = await deps.transaction(async (trx) => {
    const count = await deps.accountRepo
      .with(trx)
      .deleteOtherSessions(input.userId, input.currentSessionId, at.toISOString());
    if (count > 0) {
      await deps.securityEvents.with(trx).record({
        userId: input.userId,
        kind: 'sessions_revoked',
        detail: { count },
        origin: input.origin,
        at,
      });
    }
    return count;
  });
  return { success: true, revoked };
}
