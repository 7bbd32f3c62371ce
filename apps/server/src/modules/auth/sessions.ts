import { createHash, randomBytes } from 'node:crypto';
import type { TUser } from '@app/contract/common';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { newId } from '../../lib/ids';
import type { AuthRepo, SessionRow, UserRow } from './repo';

export const SESSION_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
/** A session is pushed forward at most once an hour, so reads do not all become writes. */
const EXTEND_EVERY_MS = 60 * 60 * 1000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** 256 random bits; only its SHA-256 is stored. */
export async function createSession(
  repo: AuthRepo,
  user: UserRow,
  options: { provider: string; userAgent?: string | undefined; now: Date },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = options.now.toISOString();
  await repo.insertSession({
    id: newId(),
    user_id: user.id,
    token_hash: hashToken(token),
    provider: options.provider,
    user_agent: options.userAgent?.slice(0, 300) ?? null,
    created_at: now,
    last_seen_at: now,
    expires_at: new Date(options.now.getTime() + SESSION_DAYS * DAY_MS).toISOString(),
  });
  return token;
}

/** The session behind a bearer token, extended (sliding 30 days) as it is used. */
export async function resolveSession(
  repo: AuthRepo,
  token: string,
  now: Date,
): Promise<{ session: SessionRow; user: UserRow } | null> {
  const session = await repo.findLiveSession(hashToken(token), now.toISOString());
  if (!session) return null;
  const user = await repo.findUserById(session.user_id);
  if (!user) return null;
  if (now.getTime() - Date.parse(session.last_seen_at) > EXTEND_EVERY_MS) {
    await repo.extendSession(
      session.id,
      now.toISOString(),
      new Date(now.getTime() + SESSION_DAYS * DAY_MS).toISOString(),
    );
  }
  return { session, user };
}

export function toUser(row: UserRow): TUser {
  return {
    id: row.id,
    account_id: row.id,
    email: row.email,
    name: row.name,
    provider: row.provider,
    phoneNumber: row.phone_number,
    language: row.language,
    createdAt: row.created_at,
  };
}

/** Gives the authenticate plugin its way to look a token up, without plugins importing this module. */
export const sessionsPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('resolveSession', (token: string) => resolveSession(app.authRepo, token, app.clock.now()));
  },
  { name: 'sessions', dependencies: ['auth-repo', 'config'] },
);
