import { createHash, randomBytes } from 'node:crypto';
import type { TUser } from '@app/contract/common';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { newId } from '../../lib/ids';
import type { RequestOrigin } from '../../lib/request-origin';
import type { SecurityEventsRepo } from '../security-events/repo';
import type { AuthRepo, SessionRow, UserRow } from './repo';

export const SESSION_DAYS = 30;
/** However often it is used, a session ends this long after sign-in: then the person proves who they are again. */
export const SESSION_MAX_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;
/** A session is pushed forward at most once an hour, so reads do not all become writes. */
const EXTEND_EVERY_MS = 60 * 60 * 1000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The sliding expiry, never past the absolute lifetime. */
function expiryFrom(createdAt: string, now: Date): string {
  const sliding = now.getTime() + SESSION_DAYS * DAY_MS;
  const absolute = Date.parse(createdAt) + SESSION_MAX_DAYS * DAY_MS;
  return new Date(Math.min(sliding, absolute)).toISOString();
}

/**
 * Signs a user in: a new session (256 random bits; only its SHA-256 is stored) and its
 * `sign_in` security event, in the caller's transaction. A browser that still holds a live
 * session of the same user (`replacing`) gets it revoked, so one browser is one device.
 */
export async function createSession(
  repos: { auth: AuthRepo; events: SecurityEventsRepo },
  user: UserRow,
  options: { provider: string; origin: RequestOrigin; replacing?: string | null | undefined; now: Date },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = options.now.toISOString();
  if (options.replacing) {
    const previous = await repos.auth.findLiveSession(hashToken(options.replacing), now);
    if (previous?.user_id === user.id) await repos.auth.deleteSession(previous.id);
  }
  await repos.auth.insertSession({
    id: newId(),
    user_id: user.id,
    token_hash: hashToken(token),
    provider: options.provider,
    user_agent: options.origin.userAgent?.slice(0, 300) ?? null,
    network: options.origin.network ?? null,
    created_at: now,
    last_seen_at: now,
    expires_at: expiryFrom(now, options.now),
  });
  await repos.events.record({
    userId: user.id,
    kind: 'sign_in',
    detail: { method: options.provider },
    origin: options.origin,
    at: options.now,
  });
  return token;
}

/** The session behind a bearer token, extended (sliding 30 days, at most 90 in all) as it is used. */
export async function resolveSession(
  repo: AuthRepo,
  token: string,
  now: Date,
): Promise<{ session: SessionRow; user: UserRow } | null> {
  const found = await repo.findLiveSessionWithUser(hashToken(token), now.toISOString());
  if (!found) return null;
  const { session, user } = found;
  // Rows from before the absolute lifetime existed may carry a later expiry: the rule holds for them too.
  if (now.getTime() >= Date.parse(session.created_at) + SESSION_MAX_DAYS * DAY_MS) return null;
  if (now.getTime() - Date.parse(session.last_seen_at) > EXTEND_EVERY_MS) {
    await repo.extendSession(session.id, now.toISOString(), expiryFrom(session.created_at, now));
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
