import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database';
import { prepared } from '../src/db/prepared';
import { useApp } from './helpers/build';

describe('prepared queries', () => {
  const ctx = useApp();
  const users = (n: number) =>
    Array.from({ length: n }, (_, i) => ({
      id: `prepared-${i}`,
      email: `p${i}@example.com`,
      name: `P ${i}`,
      provider: 'phone',
      phone_number: null,
      language: 'en' as const,
      created_at: `2026-01-0${i + 1}T00:00:00.000Z`,
      updated_at: `2026-01-0${i + 1}T00:00:00.000Z`,
    }));

  const byEmailSince = prepared((db: Db, email: string, since: string) =>
    db
      .selectFrom('users')
      .select(['id', 'created_at'])
      .where('email', '=', email)
      .where('created_at', '>=', since)
      .orderBy('id')
      .limit(5),
  );

  it('runs with the values of each call, as the query built anew would', async () => {
    const db = ctx.app.db;
    await db.insertInto('users').values(users(3)).execute();
    for (const [email, since] of [
      ['p1@example.com', '2026-01-01T00:00:00.000Z'],
      ['p2@example.com', '2026-01-01T00:00:00.000Z'],
      ['p1@example.com', '2026-01-03T00:00:00.000Z'],
      ['nobody@example.com', '2026-01-01T00:00:00.000Z'],
    ] as const) {
      const built = await db
        .selectFrom('users')
        .select(['id', 'created_at'])
        .where('email', '=', email)
        .where('created_at', '>=', since)
        .orderBy('id')
        .limit(5)
        .execute();
      expect(await byEmailSince(db, email, since)).toEqual(built);
    }
  });

  it('runs inside a transaction and sees its uncommitted rows', async () => {
    await ctx.app
      .transaction(async (trx) => {
        await trx
          .insertInto('users')
          .values({ ...users(1)[0]!, id: 'prepared-trx', email: 'trx@example.com' })
          .execute();
        expect(await byEmailSince(trx, 'trx@example.com', '2000-01-01')).toHaveLength(1);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await byEmailSince(ctx.app.db, 'trx@example.com', '2000-01-01')).toEqual([]);
  });

  it('refuses a query that does not take one of its values as a parameter', async () => {
    const wrong = prepared((db: Db, _unused: string) => db.selectFrom('users').select('id'));
    await expect(wrong(ctx.app.db, 'x')).rejects.toThrow(/value 0 is not a parameter/);
  });
});
