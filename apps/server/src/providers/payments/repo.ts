import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isUniqueViolation } from '../../db/errors';
import { Repo } from '../../db/repo';
import type { LocalPaymentObjectsTable } from '../../db/schema';

type Kind = LocalPaymentObjectsTable['kind'];

/** The SQL of the local payments stand-in: its "provider side" objects as JSON documents. */
export class LocalPaymentsRepo extends Repo {
  /**
   * Inserts unless an object already holds the idempotency key; either way answers the stored
   * object, as a provider answers a repeated request with the first one's result.
   */
  async insert<T extends { id: string }>(row: {
    kind: Kind;
    customerId: string | null;
    idempotencyKey?: string;
    data: T;
    createdAt: string;
  }): Promise<T> {
    try {
      await this.db
        .insertInto('local_payment_objects')
        .values({
          id: row.data.id,
          kind: row.kind,
          customer_id: row.customerId,
          idempotency_key: row.idempotencyKey ?? null,
          data: JSON.stringify(row.data),
          created_at: row.createdAt,
        })
        .execute();
      return row.data;
    } catch (error) {
      if (!row.idempotencyKey || !isUniqueViolation(error)) throw error;
      const existing = await this.db
        .selectFrom('local_payment_objects')
        .select('data')
        .where('idempotency_key', '=', row.idempotencyKey)
        .executeTakeFirstOrThrow();
      return JSON.parse(existing.data) as T;
    }
  }

  async get<T>(kind: Kind, id: string): Promise<T | null> {
    const row = await this.db
      .selectFrom('local_payment_objects')
      .select('data')
      .where('id', '=', id)
      .where('kind', '=', kind)
      .executeTakeFirst();
    return row ? (JSON.parse(row.data) as T) : null;
  }

  async list<T>(kind: Kind, customerId: string): Promise<T[]> {
    const rows = await this.db
      .selectFrom('local_payment_objects')
      .select('data')
      .where('customer_id', '=', customerId)
      .where('kind', '=', kind)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map((row) => JSON.parse(row.data) as T);
  }

  /** The customer and every object of theirs; how many rows went. */
  async deleteCustomer(customerId: string): Promise<number> {
    const result = await this.db
      .deleteFrom('local_payment_objects')
      .where((eb) => eb.or([eb('customer_id', '=', customerId), eb('id', '=', customerId)]))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async replace<T extends { id: string }>(data: T): Promise<void> {
    await this.db
      .updateTable('local_payment_objects')
      .set({ data: JSON.stringify(data) })
      .where('id', '=', data.id)
      .execute();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    localPaymentsRepo: LocalPaymentsRepo;
  }
}

export const localPaymentsRepoPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('localPaymentsRepo', new LocalPaymentsRepo(app.db));
  },
  { name: 'local-payments-repo', dependencies: ['db'] },
);
