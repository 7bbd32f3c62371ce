import { paths } from '@/config/paths';

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL_OR_BACKSLASH = /[\u0000-\u001F\u007F-\u009F\\]/;
const BASE = 'https://same-origin.invalid';

/**
 * Design §5: a return URL is only ever a path on this site; anything else gives the fallback.
 * Accepted: one leading '/', not followed by a second '/' (a protocol-relative `//host`).
 * Refused: schemes (`https:`, `javascript:`), anything not starting with '/' (`%2F%2Fhost`),
 * backslashes (browsers read `/\host` as `//host`) and control characters (browsers drop tabs
 * and line breaks, so `/\t/host` would become `//host`). What is left must still resolve to
 * this origin, as a last check.
 */
export function safeReturnPath(
  value: string | null | undefined,
  fallback: string = paths.integrations,
): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return fallback;
  if (CONTROL_OR_BACKSLASH.test(value)) return fallback;
  try {
    const url = new URL(value, BASE);
    if (url.origin !== BASE) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
