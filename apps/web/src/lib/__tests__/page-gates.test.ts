import { PAGE_GATES } from '@app/contract/web-build';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isAuthenticated } from '../session';

/** Where a gate sends the page (the server runs it before the first paint), or null where it stays. */
function runGate(script: string): string | null {
  const replace = vi.fn();
  // The script's own globals, as a page has them: its storage, and where it goes.
  new Function('localStorage', 'location', script)(window.localStorage, { replace });
  return (replace.mock.calls[0]?.[0] as string | undefined) ?? null;
}

const sessions: [string, string | null][] = [
  ['no session', null],
  ['a session with a token', JSON.stringify({ account_id: 'a', sessionToken: 'tok', provider: 'phone' })],
  ['an empty token', JSON.stringify({ sessionToken: '' })],
  ['a token that is not text', JSON.stringify({ sessionToken: 42 })],
  ['no token', JSON.stringify({ account_id: 'a' })],
  ['not JSON', '{"sessionToken":'],
  ['an empty entry', ''],
  ['null', 'null'],
  ['a string', '"tok"'],
  ['an array', '["tok"]'],
];

describe("the pages' inline gates decide as isAuthenticated() does", () => {
  afterEach(() => window.localStorage.clear());

  it.each(sessions)('%s', (_name, stored) => {
    if (stored !== null) window.localStorage.setItem('session', stored);
    const signedIn = isAuthenticated();
    expect(runGate(PAGE_GATES.signedIn)).toBe(signedIn ? null : '/login');
    expect(runGate(PAGE_GATES.signedOut)).toBe(signedIn ? '/integrations' : null);
  });

  it('counts storage that cannot be read as signed out, as the app does', () => {
    window.localStorage.setItem('session', sessions[1]?.[1] as string);
    const spy = vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    try {
      expect(isAuthenticated()).toBe(false);
      expect(runGate(PAGE_GATES.signedIn)).toBe('/login');
      expect(runGate(PAGE_GATES.signedOut)).toBeNull();
    } finally {
      spy.mockRestore();
    }
  });
});
