import type { ExpressionBuilder, Selectable } from 'kysely';
import { Repo, repoPlugin } from '../../db/repo';
import type { Database, SessionsTable, UsersTable } from '../../db/schema';

export type AccountSessionRow = Omit<Selectable<SessionsTable>, 'token_hash'>;

/**
 * The person's rows of the mail outbox: support mail carries their address (reply-to), alerts
 * were addressed to them.
 */
function mailOf(user: Selectable<UsersTable>) {
  return (eb: ExpressionBuilder<Database, 'mail_outbox'>) =>
    eb.or([
      eb(
        'contact_message_id',
        'in',
        eb.selectFrom('contact_messages').select('id').where('user_id', '=', user.id),
      ),
      eb('recipient', '=', user.email),
      eb('reply_to', '=', user.email),
    ]);
}

/** The columns of a connection a person may take with them: everything but its secrets. */
const CONNECTION_COLUMNS = [
  'id',
  'provider',
  'provider_account_id',
  'email',
  'name',
  'granted_scopes',
  'status',
  'status_reason',
  'expires_at',
  'created_at',
  'updated_at',
  'last_refresh_at',
  'last_refresh_error_at',
  'last_used_at',
] as const;

/**
 * The SQL of the account screen: a person's sessions, everything held about them (for the
 * export) and its deletion. Never selects a token, a token's hash or a sealed secret.
 */
export class AccountRepo extends Repo {
  listLiveSessions(userId: string, nowIso: string): Promise<AccountSessionRow[]> {
    return this.db
      .selectFrom('sessions')
      .select([
        'id',
        'user_id',
        'provider',
        'user_agent',
        'network',
        'created_at',
        'last_seen_at',
        'expires_at',
      ])
      .where('user_id', '=', userId)
      .where('expires_at', '>', nowIso)
      .orderBy('last_seen_at', 'desc')
      .execute();
  }

  /** Only the user's own session; false when there is none by that id. */
  async deleteSession(userId: string, sessionId: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('sessions')
      .where('id', '=', sessionId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Every session of the user but `keepId`; how many went (expired ones are not counted). */
  async deleteOtherSessions(userId: string, keepId: string, nowIso: string): Promise<number> {
    const live = await this.db
      .selectFrom('sessions')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('user_id', '=', userId)
      .where('id', '!=', keepId)
      .where('expires_at', '>', nowIso)
      .executeTakeFirstOrThrow();
    await this.db.deleteFrom('sessions').where('user_id', '=', userId).where('id', '!=', keepId).execute();
    return Number(live.count);
  }

  /** Everything held about the user, secrets left out at the query, for the export. */
  async exportRows(userId: string) {
    const connections = await this.db
      .selectFrom('connections')
      .select(CONNECTION_COLUMNS)
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute();
    const services = await this.db
      .selectFrom('connection_services')
      .innerJoin('connections', 'connections.id', 'connection_services.connection_id')
      .select([
        'connection_services.connection_id',
        'connection_services.service_type',
        'connection_services.is_enabled',
        'connection_services.permissions',
        'connection_services.updated_at',
      ])
      .where('connections.user_id', '=', userId)
      .execute();
    return {
      connections: connections.map((connection) => ({
        ...connection,
        services: services.filter((service) => service.connection_id === connection.id),
      })),
      billingAccount:
        (await this.db
          .selectFrom('billing_accounts')
          .selectAll()
          .where('user_id', '=', userId)
          .executeTakeFirst()) ?? null,
      subscriptions: await this.db
        .selectFrom('billing_subscriptions')
        .selectAll()
        .where('user_id', '=', userId)
        .execute(),
      invoices: await this.db
        .selectFrom('billing_invoices')
        .selectAll()
        .where('user_id', '=', userId)
        .execute(),
      usageEvents: await this.db
        .selectFrom('usage_events')
        .select(['id', 'idempotency_key', 'tokens', 'occurred_at', 'recorded_at'])
        .where('user_id', '=', userId)
        .orderBy('occurred_at')
        .execute(),
      usageAlerts: await this.db
        .selectFrom('usage_alerts')
        .selectAll()
        .where('user_id', '=', userId)
        .execute(),
      contactMessages: await this.db
        .selectFrom('contact_messages')
        .selectAll()
        .where('user_id', '=', userId)
        .execute(),
      assistantAccess: await this.db
        .selectFrom('assistant_access_log')
        .select(['id', 'caller', 'action', 'connection_id', 'outcome', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .execute(),
      // The conversation with the assistant: what was said, what it did, what it asked.
      assistantMessages: await this.db
        .selectFrom('assistant_messages')
        .select(['id', 'direction', 'channel', 'kind', 'body', 'full_body', 'status', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .execute(),
      assistantToolCalls: await this.db
        .selectFrom('assistant_tool_calls')
        .select(['id', 'turn_id', 'tool', 'input', 'output', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .execute(),
      assistantApprovals: await this.db
        .selectFrom('assistant_approvals')
        .select([
          'id',
          'tool',
          'preview',
          'details',
          'status',
          'result',
          'decided_via',
          'expires_at',
          'decided_at',
          'created_at',
        ])
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .execute(),
      assistantMemories: await this.db
        .selectFrom('assistant_memories')
        .select(['id', 'text', 'source', 'evidence', 'created_at', 'updated_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .execute(),
      assistantFollowUps: await this.db
        .selectFrom('assistant_follow_ups')
        .select([
          'id',
          'thread_id',
          'counterpart_email',
          'counterpart_name',
          'subject',
          'since',
          'deadline_at',
          'state',
          'evidence_message_id',
          'fired_at',
          'created_at',
        ])
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .execute(),
      schedulingRequests: await this.db
        .selectFrom('scheduling_requests')
        .select([
          'id',
          'title',
          'duration_minutes',
          'attendees',
          'proposed',
          'approved',
          'subject',
          'status',
          'answers',
          'chase_due_at',
          'booked_event_id',
          'booked_slot',
          'holds',
          'created_at',
          'updated_at',
        ])
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .execute(),
      assistantReminders: await this.db
        .selectFrom('assistant_reminders')
        .select([
          'id',
          'kind',
          'what',
          'action',
          'rrule',
          'start_local',
          'zone',
          'due_at',
          'evidence',
          'state',
          'last_fired_at',
          'last_outcome',
          'created_at',
          'updated_at',
        ])
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .execute(),
      assistantSettings:
        (await this.db
          .selectFrom('assistant_settings')
          .select([
            'paused',
            'quiet_start',
            'quiet_end',
            'briefing_time',
            'reminder_lead_minutes',
            'greeted_phone',
            'updated_at',
          ])
          .where('user_id', '=', userId)
          .executeTakeFirst()) ?? null,
    };
  }

  /**
   * Erases the user: invoices are first copied to retained_invoices (amounts and the payment
   * customer id, nothing that names the person), then every row that is theirs or names them
   * goes. Tables with a foreign key to users follow by cascade; the rest are deleted here.
   */
  /**
   * The ids that name the person or what is theirs in rows other modules key by them (the job
   * queue's keys and payloads): read before `eraseUser`, while the rows are there.
   */
  async idsNaming(user: Selectable<UsersTable>): Promise<string[]> {
    const ids = (rows: { id: string }[]) => rows.map((row) => row.id);
    const phone = user.phone_number;
    const messages = await this.db
      .selectFrom('assistant_messages')
      .select('id')
      .where((eb) => eb.or([eb('user_id', '=', user.id), ...(phone ? [eb('phone', '=', phone)] : [])]))
      .execute();
    const mails = await this.db.selectFrom('mail_outbox').select('id').where(mailOf(user)).execute();
    const byUser = async (
      table:
        | 'connections'
        | 'assistant_settings'
        | 'assistant_turns'
        | 'contact_messages'
        | 'assistant_follow_ups'
        | 'assistant_reminders'
        | 'scheduling_requests',
    ) => ids(await this.db.selectFrom(table).select('id').where('user_id', '=', user.id).execute());
    return [
      user.id,
      ...(phone ? [phone] : []),
      ...(await byUser('connections')),
      ...(await byUser('assistant_settings')),
      ...(await byUser('assistant_turns')),
      ...(await byUser('contact_messages')),
      // The follow-ups' jobs carry a watch's id (follow-ups/check.ts).
      ...(await byUser('assistant_follow_ups')),
      // The reminder jobs' keys and payloads name them.
      ...(await byUser('assistant_reminders')),
      // The scheduling jobs' keys and payloads name a request (assistant/scheduling).
      ...(await byUser('scheduling_requests')),
      ...ids(messages),
      ...ids(mails),
    ];
  }

  async eraseUser(user: Selectable<UsersTable>, customerId: string | null, nowIso: string): Promise<void> {
    const invoices = await this.db
      .selectFrom('billing_invoices')
      .select(['id', 'date', 'description', 'amount_cents', 'currency', 'status'])
      .where('user_id', '=', user.id)
      .execute();
    for (const invoice of invoices) {
      await this.db
        .insertInto('retained_invoices')
        .values({ ...invoice, customer_id: customerId, retained_at: nowIso })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    }
    // Support mail carries the person's address (reply-to); alerts were addressed to them.
    await this.db.deleteFrom('mail_outbox').where(mailOf(user)).execute();
    if (user.phone_number) {
      await this.db.deleteFrom('verification_codes').where('phone_number', '=', user.phone_number).execute();
      await this.db.deleteFrom('phone_send_locks').where('phone_number', '=', user.phone_number).execute();
      // Texts from the number before it had an account (or from a second channel) point to no user.
      await this.db.deleteFrom('assistant_messages').where('phone', '=', user.phone_number).execute();
    }
    await this.db.deleteFrom('assistant_access_log').where('user_id', '=', user.id).execute();
    // Also by cascade; said here so no engine's foreign keys are relied on.
    await this.db.deleteFrom('assistant_follow_ups').where('user_id', '=', user.id).execute();
    await this.db.deleteFrom('scheduling_requests').where('user_id', '=', user.id).execute();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    accountRepo: AccountRepo;
  }
}

export const accountRepoPlugin = repoPlugin('accountRepo', AccountRepo, 'account-repo');
