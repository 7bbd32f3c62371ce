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

type Area = 'localStorage' | 'sessionStorage';

/** Storage can be missing or full (private mode, quota): reads fall back, writes never throw. */
function read(area: Area, key: string): string | null {
  try {
    return window[area].getItem(key);
  } catch {
    return null;
  }
}

function write(area: Area, key: string, value: string | null): void {
  try {
    if (value === null) window[area].removeItem(key);
    else window[area].setItem(key, value);
  } catch {
    // Nothing more to do: the value lives for this page view only.
  }
}

export const readLocal = (key: string) => read('localStorage', key);
export const writeLocal = (key: string, value: string) => write('localStorage', key, value);
export const removeLocal = (key: string) => write('localStorage', key, null);
export const readSession = (key: string) => read('sessionStorage', key);
export const writeSession = (key: string, value: string) => write('sessionStorage', key, value);
export const removeSession = (key: string) => write('sessionStorage', key, null);

export function readLocalJson<T>(key: string): T | null {
  const raw = readLocal(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}
