import { describe, expect, it } from 'vitest';
import { createUserSession, getSessionToken, getStoredUser, sessionStorageEntries } from '@/lib/session';
import { storageKeys } from '@/lib/storage';

describe('createUserSession (spec §3)', () => {
  it('stores the user and the session under the spec keys', () => {
    createUserSession({ account_id: 'acc-9', email: 'a@b.co', name: 'Ada' }, 'tok', 'phone');
    expect(getSessionToken()).toBe('tok');
    expect(JSON.parse(window.localStorage.getItem(storageKeys.session)!)).toMatchObject({
      account_id: 'acc-9',
      sessionToken: 'tok',
      provider: 'phone',
    });
    expect(getStoredUser()).toMatchObject({ id: 'acc-9', account_id: 'acc-9', email: 'a@b.co', name: 'Ada' });
  });

  it.each([
    [{ id: 'from-id' }, 'from-id'],
    [{ userId: 'from-userId' }, 'from-userId'],
    [{ account_id: 'first', id: 'second' }, 'first'],
  ])('takes the account id from account_id, id or userId: %o', (user, expected) => {
    createUserSession(user, 't', 'google');
    expect(getStoredUser()?.account_id).toBe(expected);
  });

  it("defaults the name to 'User' and the provider to 'unknown'", () => {
    createUserSession({ id: 'x' }, 't', '');
    expect(getStoredUser()).toMatchObject({ name: 'User', provider: 'unknown' });
  });

  it("refuses a user without an account id: 'Account ID is required for user session'", () => {
    expect(() => createUserSession({ email: 'a@b.co' }, 't', 'phone')).toThrow(
      'Account ID is required for user session',
    );
    expect(getSessionToken()).toBeNull();
  });

  it('is one pure function (shared with the e2e fixtures) that touches no storage', () => {
    const now = new Date('2025-01-02T03:04:05.000Z');
    const entries = sessionStorageEntries({ userId: 'u1', name: 'Ada' }, 'tok', 'google', now);
    expect(window.localStorage.length).toBe(0);
    expect(Object.keys(entries).sort()).toEqual([storageKeys.session, storageKeys.user].sort());
    expect(JSON.parse(entries.session)).toEqual({
      account_id: 'u1',
      sessionToken: 'tok',
      loginTime: now.toISOString(),
      provider: 'google',
    });
    expect(JSON.parse(entries.user)).toMatchObject({
      id: 'u1',
      account_id: 'u1',
      createdAt: now.toISOString(),
    });
  });
});
