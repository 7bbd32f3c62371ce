/** The spec's storage keys (§3). Anything else the app keeps is named here too. */
export const storageKeys = {
  session: 'session',
  user: 'user',
  pendingPhoneNumber: 'pendingPhoneNumber',
  phoneVerified: 'phoneVerified',
  verifiedPhoneNumber: 'verifiedPhoneNumber',
  /** The language a person picked with the switch; wins over detection. */
  language: 'language',
} as const;

export const sessionStorageKeys = {
  oauthReturnUrl: 'oauth_return_url',
  oauthProvider: 'oauth_provider',
  /** A new user's signed proof of their verified number, until sign-up finishes (15 min at most). */
  verifiedPhoneToken: 'verified_phone_token',
} as const;

export function readSession(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeSession(key: string, value: string): void {
  try {
    window.sessionStorage.setItem(key, value);
  } catch {
    // Without session storage the value lives for this page view only.
  }
}

export function removeLocal(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // ignore
  }
}

/** Storage can be missing or full (private mode, quota): reads fall back, writes never throw. */
export function readLocal(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeLocal(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Nothing more to do: the value lives for this page view only.
  }
}

export function readLocalJson<T>(key: string): T | null {
  const raw = readLocal(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}
