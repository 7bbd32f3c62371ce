import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database';
import { prepared } from '../../db/prepared';
import { Repo, repoPlugin } from '../../db/repo';
import type { UsersTable } from '../../db/schema';

export type UserRow = Selectable<UsersTable>;

// Each usage report reads the person and locks their row (POST /v1/internal/usage), compiled once.
const userById = prepared((db: Db, id: string) => db.selectFrom('users').selectAll().where('id', '=', id));
const lockUser = prepared((db: Db, id: string) =>
  db
    .updateTable('users')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', id),
);

/**
 * The one owner of the `users` table: every other module reads and writes a person's row
 * through here.
 */
export class UsersRepo extends Repo {
  async findById(id: string): Promise<UserRow | undefined> {
    return (await userById(this.db, id))[0];
  }

  findByPhone(phone: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('phone_number', '=', phone).executeTakeFirst();
  }

  /** People who linked a number, newest first (the dev phone's picker). */
  listWithPhone(limit: number): Promise<Pick<UserRow, 'phone_number' | 'name' | 'language'>[]> {
    return this.db
      .selectFrom('users')
      .select(['phone_number', 'name', 'language'])
      .where('phone_number', 'is not', null)
      .orderBy('updated_at', 'desc')
      .limit(limit)
      .execute();
  }

  async insert(user: Insertable<UsersTable>): Promise<void> {
    await this.db.insertInto('users').values(user).execute();
  }

  /** Inserts unless a user with this number exists (two verifications racing); returns the one stored. */
  async insertOnce(user: Insertable<UsersTable>): Promise<UserRow> {
    await this.db
      .insertInto('users')
      .values(user)
      .onConflict((oc) => oc.column('phone_number').doNothing())
      .execute();
    return (await this.findByPhone(user.phone_number!))!;
  }

  async update(id: string, changes: Updateable<UsersTable>): Promise<void> {
    await this.db.updateTable('users').set(changes).where('id', '=', id).execute();
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('users').where('id', '=', id).execute();
  }

  /**
   * Holds the person's row lock to commit (a no-op update: PostgreSQL keeps the row locked until
   * then, SQLite has one writer anyway), so what one person does is counted one after another.
   */
  async lock(id: string): Promise<void> {
    await lockUser(this.db, id);
  }

  /**
   * People with a linked number whose row changed at or after `sinceIso` (a number linked moves
   * `updated_at`), by the `updated_at` index: what the greeting pass looks at (decision 503).
   */
  async linkedUpdatedSince(sinceIso: string, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('users')
      .select('id')
      .where('updated_at', '>=', sinceIso)
      .where('phone_number', 'is not', null)
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  }

  /** People with a linked number after `afterId`, by id: a walk over everyone, a page at a time. */
  async linkedAfter(afterId: string, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('users')
      .select('id')
      .where('id', '>', afterId)
      .where('phone_number', 'is not', null)
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  }

  /** Fails with a unique violation (db/errors.ts) when another user holds the number. */
  async setPhoneNumber(id: string, phone: string, nowIso: string): Promise<void> {
    await this.update(id, { phone_number: phone, updated_at: nowIso });
  }

  /** Takes the number off a user (it moves to whoever proved it with a code). */
  async releasePhoneNumber(id: string, phone: string, nowIso: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ phone_number: null, updated_at: nowIso })
      .where('id', '=', id)
      .where('phone_number', '=', phone)
      .execute();
  }

  async setTimeZone(id: string, timeZone: string): Promise<void> {
    await this.update(id, { time_zone: timeZone });
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    usersRepo: UsersRepo;
  }
}

export const usersRepoPlugin = repoPlugin('usersRepo', UsersRepo, 'users-repo');
