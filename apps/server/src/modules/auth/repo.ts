import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import { prepared } from '../../db/prepared';
import { Repo, repoPlugin } from '../../db/repo';
import type { SessionsTable, UsersTable, VerificationCodesTable } from '../../db/schema';

export type UserRow = Selectable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type CodeRow = Selectable<VerificationCodesTable>;

const liveSessionWithUser = prepared((db: Db, tokenHash: string, now: string) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select([
      'sessions.id as s_id',
      'sessions.provider as s_provider',
      'sessions.user_agent as s_user_agent',
      'sessions.network as s_network',
      'sessions.created_at as s_created_at',
      'sessions.last_seen_at as s_last_seen_at',
      'sessions.expires_at as s_expires_at',
    ])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.expires_at', '>', now),
);

/** Every SQL statement of sign-in: sessions and verification codes (people are users/repo.ts's). */
export class AuthRepo extends Repo {
  async insertSession(session: SessionRow): Promise<void> {
    await this.db.insertInto('sessions').values(session).execute();
  }

  findLiveSession(tokenHash: string, now: string): Promise<SessionRow | undefined> {
    return this.db
      .selectFrom('sessions')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .where('expires_at', '>', now)
      .executeTakeFirst();
  }

  /**
   * The live session behind a token hash together with its user, in one statement: this runs
   * before every signed-in request, and on PostgreSQL each statement is a round trip.
   */
  async findLiveSessionWithUser(
    tokenHash: string,
    now: string,
  ): Promise<{ session: SessionRow; user: UserRow } | undefined> {
    const [row] = await liveSessionWithUser(this.db, tokenHash, now);
    if (!row) return undefined;
    const { s_id, s_provider, s_user_agent, s_network, s_created_at, s_last_seen_at, s_expires_at, ...user } =
      row;
    return {
      user,
      session: {
        id: s_id,
        user_id: user.id,
        token_hash: tokenHash,
        provider: s_provider,
        user_agent: s_user_agent,
        network: s_network,
        created_at: s_created_at,
        last_seen_at: s_last_seen_at,
        expires_at: s_expires_at,
      },
    };
  }

  async extendSession(id: string, lastSeenAt: string, expiresAt: string): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ last_seen_at: lastSeenAt, expires_at: expiresAt })
      .where('id', '=', id)
      .execute();
  }

  async deleteSession(id: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('id', '=', id).execute();
  }

  /**
   * Takes the number's send lock for the rest of the transaction: an upsert on its row,
   * which PostgreSQL holds until commit and SQLite's single writer serialises anyway.
   */
  async lockPhone(phone: string, now: string): Promise<void> {
    await this.db
      .insertInto('phone_send_locks')
      .values({ phone_number: phone, touched_at: now })
      .onConflict((oc) => oc.column('phone_number').doUpdateSet({ touched_at: now }))
      .execute();
  }

  /** Send times for the number since `since`, newest first. */
  async sendTimes(phone: string, since: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('verification_codes')
      .select('created_at')
      .where('phone_number', '=', phone)
      .where('created_at', '>', since)
      .orderBy('created_at', 'desc')
      .execute();
    return rows.map((row) => row.created_at);
  }

  /** A new code replaces every earlier one still open for the number. */
  async replaceCode(code: Omit<CodeRow, 'attempts'>): Promise<void> {
    await this.db
      .updateTable('verification_codes')
      .set({ consumed_at: code.created_at })
      .where('phone_number', '=', code.phone_number)
      .where('consumed_at', 'is', null)
      .execute();
    await this.db.insertInto('verification_codes').values(code).execute();
  }

  findCode(id: string): Promise<CodeRow | undefined> {
    return this.db.selectFrom('verification_codes').selectAll().where('id', '=', id).executeTakeFirst();
  }

  latestOpenCode(phone: string): Promise<CodeRow | undefined> {
    return this.db
      .selectFrom('verification_codes')
      .selectAll()
      .where('phone_number', '=', phone)
      .where('consumed_at', 'is', null)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /**
   * Spends one try, atomically: the row only changes while tries remain and the code is open
   * and unexpired. Fifty requests at once still spend at most `maxAttempts`; the rest get undefined.
   */
  async spendAttempt(id: string, maxAttempts: number, now: string): Promise<number | undefined> {
    const row = await this.db
      .updateTable('verification_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .where('attempts', '<', maxAttempts)
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('attempts')
      .executeTakeFirst();
    return row?.attempts;
  }

  /** Single use: only the first caller gets true. */
  async consumeCode(id: string, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('verification_codes')
      .set({ consumed_at: now, verified_at: now })
      .where('id', '=', id)
      .where('consumed_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** The verified-phone proof works once. */
  async useProof(codeId: string, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('verification_codes')
      .set({ proof_used_at: now })
      .where('id', '=', codeId)
      .where('verified_at', 'is not', null)
      .where('proof_used_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    authRepo: AuthRepo;
  }
}

export const authRepoPlugin = repoPlugin('authRepo', AuthRepo, 'auth-repo');
