import { readLocalJson, storageKeys } from './storage';

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
