import type { TAccountExport } from '@app/contract/account/export';
import type { Selectable } from 'kysely';
import type { UsersTable } from '../../db/schema';
import type { RequestOrigin } from '../../lib/request-origin';
import { describeEvent } from './activity';
import type { AccountDeps } from './deps';
import { describeSession } from './sessions';

/**
 * Everything held about the person, as stored: the repository never selects a token, a
 * token's hash or a sealed secret, so nothing here can leak one. The export itself is recorded
 * (in the same transaction as the read, so the file lists its own event).
 */
export async function exportAccount(
  deps: Pick<AccountDeps, 'accountRepo' | 'securityEvents' | 'transaction' | 'clock'>,
  input: { user: Selectable<UsersTable>; currentSessionId: string; origin: RequestOrigin },
): Promise<TAccountExport> {
  const { user } = input;
  const at = deps.clock.now();
  return deps.transaction(async (trx) => {
    const repo = deps.accountRepo.with(trx);
    const events = deps.securityEvents.with(trx);
    await events.record({ userId: user.id, kind: 'data_exported', origin: input.origin, at });
    const rows = await repo.exportRows(user.id);
    const sessions = await repo.listLiveSessions(user.id, at.toISOString());
    return {
      exportedAt: at.toISOString(),
      profile: {
        id: user.id,
        email: user.email,
        name: user.name,
        provider: user.provider,
        phoneNumber: user.phone_number,
        language: user.language,
        timeZone: user.time_zone ?? null,
        createdAt: user.created_at,
      },
      sessions: sessions.map((row) => describeSession(row, input.currentSessionId)),
      connections: rows.connections,
      billing: { account: rows.billingAccount, subscriptions: rows.subscriptions, invoices: rows.invoices },
      usage: { events: rows.usageEvents, alerts: rows.usageAlerts },
      supportMessages: rows.contactMessages,
      assistantAccess: rows.assistantAccess,
      assistant: {
        messages: rows.assistantMessages,
        toolCalls: rows.assistantToolCalls,
        approvals: rows.assistantApprovals,
        settings: rows.assistantSettings,
        memories: rows.assistantMemories,
        followUps: rows.assistantFollowUps,
        reminders: rows.assistantReminders,
        // JSON columns as the person would read them, not as strings of JSON.
        schedulingRequests: rows.schedulingRequests.map((row) => ({
          ...row,
          attendees: JSON.parse(row.attendees) as unknown,
          proposed: JSON.parse(row.proposed) as unknown,
          approved: row.approved ? (JSON.parse(row.approved) as unknown) : null,
          answers: JSON.parse(row.answers) as unknown,
          holds: row.holds ? (JSON.parse(row.holds) as unknown) : null,
        })),
      },
      securityEvents: (await events.recent(user.id)).map(describeEvent),
    };
  });
}
