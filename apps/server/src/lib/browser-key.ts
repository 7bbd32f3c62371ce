import { createHash, randomBytes } from 'node:crypto';

/**
 * A random value an HttpOnly cookie holds to tie server-side state to one browser (the OAuth
 * flow, the verified-phone proof): the state keeps only its hash (bindingOf).
 */
export function newBrowserKey(): string {
  return randomBytes(32).toString('base64url');
}

/** The browser key in cookie `name` of a Cookie header, or null when absent or malformed. */
export function readBrowserKeyCookie(header: string | undefined, name: string): string | null {
  for (const part of String(header ?? '').split(';')) {
    const [key, value] = part.trim().split('=');
    if (key === name && value && /^[A-Za-z0-9_-]{43}$/.test(value)) return value;
  }
  return null;
}

export function bindingOf(browserKey: string): string {
  return createHash('sha256').update(browserKey).digest('base64url');
}
