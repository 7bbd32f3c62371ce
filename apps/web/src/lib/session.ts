import { readLocalJson, storageKeys, writeLocal } from './storage';

export interface StoredSession {
  account_id: string;
  sessionToken: string;
  loginTime: string;
  provider: string;
}

export interface StoredUser {
  id: string;
  account_id: string;
  email: string;
  name: string;
  provider: string;
  phoneNumber: string | null;
  createdAt: string;
  [extra: string]: unknown;
}

export function getSessionToken(): string | null {
  const session = readLocalJson<Partial<StoredSession>>(storageKeys.session);
  return typeof session?.sessionToken === 'string' && session.sessionToken ? session.sessionToken : null;
}

/** Spec §6: authenticated means a stored session token; there are no other roles. */
export function isAuthenticated(): boolean {
  return getSessionToken() !== null;
}

export function getStoredUser(): StoredUser | null {
  return readLocalJson<StoredUser>(storageKeys.user);
}

/** Spec §4: sign-out and 401 both clear what identifies the user on this device. */
export function clearAllStorage(): void {
  try {
    window.localStorage.clear();
  } catch {
    // ignore
  }
  try {
    window.sessionStorage.clear();
  } catch {
    // ignore
  }
}

/** What a sign-in hands over; the account id may come as account_id, id or userId (spec §3). */
export interface SignedInUser {
  account_id?: string | null;
  id?: string | null;
  userId?: string | null;
  email?: string | null;
  name?: string | null;
  provider?: string | null;
  phoneNumber?: string | null;
  createdAt?: string | null;
  [extra: string]: unknown;
}

/**
 * The one definition of what a sign-in stores (spec §3): the `user` and `session`
 * local-storage entries, as the strings to store. Pure (no browser needed), so the app, the
 * component tests and the e2e fixtures all write exactly this shape.
 */
export function sessionStorageEntries(
  user: SignedInUser,
  sessionToken: string,
  provider: string,
  now: Date = new Date(),
): Record<typeof storageKeys.user | typeof storageKeys.session, string> {
  const accountId = user.account_id || user.id || user.userId;
  if (!accountId) throw new Error('Account ID is required for user session');
  const stored: StoredUser = {
    ...user,
    id: accountId,
    account_id: accountId,
    email: user.email ?? '',
    name: user.name || 'User',
    provider: user.provider || provider || 'unknown',
    phoneNumber: user.phoneNumber ?? null,
    createdAt: user.createdAt ?? now.toISOString(),
  };
  const session: StoredSession = {
    account_id: accountId,
    sessionToken,
    loginTime: now.toISOString(),
    provider: provider || 'unknown',
  };
  return { [storageKeys.user]: JSON.stringify(stored), [storageKeys.session]: JSON.stringify(session) };
}

/** Signs the user in on this device: stores the entries above. */
export function createUserSession(user: SignedInUser, sessionToken: string, provider: string): StoredSession {
  const entries = sessionStorageEntries(user, sessionToken, provider);
  writeLocal(storageKeys.user, entries.user);
  writeLocal(storageKeys.session, entries.session);
  return JSON.parse(entries.session) as StoredSession;
}
