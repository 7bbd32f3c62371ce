import { afterEach, describe, expect, it, vi } from 'vitest';
import { startOAuth } from '@/lib/start-oauth';
import { sessionStorageKeys } from '@/lib/storage';
import { fakeApi } from '@/testing/fake-api';

/**
 * The provider's page, as far as jsdom can go: this document with another fragment, so the
 * hand-over is a real navigation. Each session-storage write is recorded with the fragment the
 * page had at that moment: '' means written before the window left.
 */
function providerPage(): { authUrl: string; writes: () => [string, string, string][] } {
  const authUrl = `${window.location.href.split('#')[0]}#consent`;
  const writes: [string, string, string][] = [];
  const setItem = Storage.prototype.setItem;
  vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, key, value) {
    if (this === window.sessionStorage) writes.push([key, value, window.location.hash]);
    setItem.call(this, key, value);
  });
  return { authUrl, writes: () => writes };
}

function calledUrl(path: string): URL {
  const url = vi
    .mocked(fetch)
    .mock.calls.map(([u]) => String(u))
    .find((u) => u.startsWith(path));
  return new URL(url!, 'http://localhost');
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', window.location.pathname);
});

describe('startOAuth (spec §4)', () => {
  it('stores the return path and the provider before handing the whole window to the provider', async () => {
    const provider = providerPage();
    fakeApi({ '/v1/google/oauth-init/auth': () => Response.json({ authUrl: provider.authUrl }) });
    await startOAuth('google', '/integrations', 'proof-1');
    expect(provider.writes()).toEqual([
      [sessionStorageKeys.oauthReturnUrl, '/integrations', ''],
      [sessionStorageKeys.oauthProvider, 'google', ''],
    ]);
    expect(window.location.hash).toBe('#consent');
    const url = calledUrl('/v1/google/oauth-init/auth');
    expect(url.searchParams.get('return_url')).toBe('/integrations');
    expect(url.searchParams.get('verified_phone')).toBe('proof-1');
  });

  it.each(['//evil.example', 'https://evil.example/x', '/\\evil.example'])(
    'stores and sends /integrations instead of the return path %s',
    async (returnPath) => {
      const provider = providerPage();
      fakeApi({ '/v1/azure/oauth-init/auth': () => Response.json({ authUrl: provider.authUrl }) });
      await startOAuth('microsoft', returnPath);
      expect(provider.writes()).toEqual([
        [sessionStorageKeys.oauthReturnUrl, '/integrations', ''],
        [sessionStorageKeys.oauthProvider, 'microsoft', ''],
      ]);
      expect(calledUrl('/v1/azure/oauth-init/auth').searchParams.get('return_url')).toBe('/integrations');
    },
  );

  it('stores nothing and stays when the server gives no authUrl', async () => {
    fakeApi({
      '/v1/google/oauth-init/auth': () =>
        Response.json({ error: { code: 'SERVICE_UNAVAILABLE', message: 'down' } }, { status: 503 }),
    });
    await expect(startOAuth('google', '/integrations')).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
    });
    expect(window.sessionStorage.getItem(sessionStorageKeys.oauthProvider)).toBeNull();
    expect(window.location.hash).toBe('');
  });
});
