import { type Insertable, type Selectable, sql } from 'kysely';
import type { Db } from '../../db/database';
import { fromJsonRows, jsonRows } from '../../db/json-rows';
import { prepared } from '../../db/prepared';
import { Repo, repoPlugin } from '../../db/repo';
import type { UsageAlertsTable, UsageEventsTable } from '../../db/schema';

export type UsageEventRow = Selectable<UsageEventsTable>;

/**
 * The Usage card in one statement and one row (one round trip on PostgreSQL): the period's
 * total, the chart's hours as one JSON list (a row object for each of up to 384 hours cost more
 * than SQLite's reading them: bench/README.md) and the counts: connected accounts (a broken one
 * still counts: it is theirs to repair) and bytes of text kept for the person, their support
 * messages and their connections' account details and settings (sealed tokens are ours, not
 * theirs). `octet_length` counts UTF-8 bytes on PostgreSQL and SQLite (3.43+) alike.
 */
const usageCard = prepared(
  (db: Db, userId: string, periodFrom: string, periodTo: string, hoursFrom: string, hoursTo: string) =>
    db.selectNoFrom((eb) => [
      eb
        .selectFrom('usage_hourly')
        .select((sub) => sub.fn.coalesce(sub.fn.sum<string | number>('tokens'), sql<number>`0`).as('tokens'))
        .where('user_id', '=', userId)
        .where('hour', '>=', periodFrom)
        .where('hour', '<', periodTo)
        .as('total'),
      jsonRows<{ hour: string; tokens: number }>(
        db,
        eb
          .selectFrom('usage_hourly')
          .select(['hour', 'tokens'])
          .where('user_id', '=', userId)
          .where('hour', '>=', hoursFrom)
          .where('hour', '<', hoursTo),
        ['hour', 'tokens'],
        [['hour', 'asc']],
      ).as('hours'),
      eb
        .selectFrom('connections')
        .select(eb.fn.countAll<string | number>().as('n'))
        .where('user_id', '=', userId)
        .where('status', '!=', 'disconnected')
        .as('integrations'),
      eb
        .selectFrom('contact_messages')
        .select(
          sql<string | number>`coalesce(sum(octet_length(subject) + octet_length(message)), 0)`.as('bytes'),
        )
        .where('user_id', '=', userId)
        .as('message_bytes'),
      eb
        .selectFrom('connections')
        .select(
          sql<
            string | number
          >`coalesce(sum(octet_length(email) + octet_length(name) + coalesce(octet_length(settings), 0)), 0)`.as(
            'bytes',
          ),
        )
        .where('user_id', '=', userId)
        .as('connection_bytes'),
    ]),
);

// What each usage report runs (POST /v1/internal/usage), compiled once (db/prepared.ts).
const insertEventOnce = prepared(
  (
    db: Db,
    id: string,
    userId: string,
    idempotencyKey: string,
    tokens: number,
    occurredAt: string,
    recordedAt: string,
  ) =>
    db
      .insertInto('usage_events')
      .values({
        id,
        user_id: userId,
        idempotency_key: idempotencyKey,
        tokens,
        occurred_at: occurredAt,
        recorded_at: recordedAt,
      })
      .onConflict((oc) => oc.columns(['user_id', 'idempotency_key']).doNothing())
      .returning('id'),
);
const eventByKey = prepared((db: Db, userId: string, idempotencyKey: string) =>
  db
    .selectFrom('usage_events')
    .selectAll()
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', idempotencyKey),
);
const addToHour = prepared((db: Db, userId: string, hour: string, tokens: number) =>
  db
    .insertInto('usage_hourly')
    .values({ user_id: userId, hour, tokens })
    .onConflict((oc) =>
      oc.columns(['user_id', 'hour']).doUpdateSet((eb) => ({
        tokens: eb('usage_hourly.tokens', '+', eb.ref('excluded.tokens')),
      })),
    ),
);
const tokensBetween = prepared((db: Db, userId: string, from: string, to: string) =>
  db
    .selectFrom('usage_hourly')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string | number>('tokens'), sql<number>`0`).as('total'))
    .where('user_id', '=', userId)
    .where('hour', '>=', from)
    .where('hour', '<', to),
);

/** The SQL of token usage: events, the hourly rollup and the alerts sent. */
export class UsageRepo extends Repo {
  /** Inserts the event unless its key is taken; true when this call stored it. */
  async insertEventOnce(event: UsageEventRow): Promise<boolean> {
    const rows = await insertEventOnce(
      this.db,
      event.id,
      event.user_id,
      event.idempotency_key,
      event.tokens,
      event.occurred_at,
      event.recorded_at,
    );
    return rows.length > 0;
  }

  async findEvent(userId: string, idempotencyKey: string): Promise<UsageEventRow | undefined> {
    return (await eventByKey(this.db, userId, idempotencyKey))[0];
  }

  /** Adds tokens to the person's hour, creating the row on first use (same SQL on both databases). */
  async addToHour(userId: string, hour: string, tokens: number): Promise<void> {
    await addToHour(this.db, userId, hour, tokens);
  }

  /** Tokens of the hours that start in [from, to): one row back, whatever the history. */
  async tokensBetween(userId: string, from: string, to: string): Promise<number> {
    const [row] = await tokensBetween(this.db, userId, from, to);
    return Number(row?.total ?? 0);
  }

  /**
   * The Usage card's figures: the period's total (null without a period), the chart's hours,
   * connected accounts (not disconnected) and the bytes of text kept.
   */
  async usageCard(
    userId: string,
    period: { from: string; to: string } | null,
    hours: { from: string; to: string },
  ): Promise<{
    total: number | null;
    hours: { hour: string; tokens: number }[];
    integrations: number;
    storage: number;
  }> {
    // Without a period the sum is over no hours (from = to), and ignored.
    const [row] = await usageCard(
      this.db,
      userId,
      period?.from ?? hours.from,
      period?.to ?? hours.from,
      hours.from,
      hours.to,
    );
    return {
      total: period ? Number(row?.total ?? 0) : null,
      hours: fromJsonRows(row?.hours).map((hour) => ({ hour: hour.hour, tokens: Number(hour.tokens) })),
      integrations: Number(row?.integrations ?? 0),
      storage: Number(row?.message_bytes ?? 0) + Number(row?.connection_bytes ?? 0),
    };
  }

  /** Records that a threshold's alert is going out; false when it already went out this period. */
  async insertAlertOnce(alert: Insertable<UsageAlertsTable>): Promise<boolean> {
    const row = await this.db
      .insertInto('usage_alerts')
      .values(alert)
      .onConflict((oc) => oc.columns(['user_id', 'period_start', 'threshold']).doNothing())
      .returning('threshold')
      .executeTakeFirst();
    return row !== undefined;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    usageRepo: UsageRepo;
  }
}

export const usageRepoPlugin = repoPlugin('usageRepo', UsageRepo, 'usage-repo');
