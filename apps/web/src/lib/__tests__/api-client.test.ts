import { getAppConfigRoute } from '@app/contract/app/get-app-config';
import { exchangeLoginTicketRoute } from '@app/contract/auth/exchange-login-ticket';
import { getMeRoute } from '@app/contract/auth/get-me';
import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, setUnauthorizedHandler } from '@/lib/api-client';
import { storageKeys } from '@/lib/storage';
import { TEST_APP_CONFIG } from '@/testing/app-config';

const redirects: string[] = [];
const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  redirects.length = 0;
  setUnauthorizedHandler((to) => {
    redirects.push(to);
  });
  vi.stubGlobal('fetch', fetchMock);
  window.history.replaceState(null, '', '/billing');
  window.localStorage.setItem(
    storageKeys.session,
    JSON.stringify({ sessionToken: 'tok-123', account_id: 'a' }),
  );
  window.localStorage.setItem(storageKeys.user, JSON.stringify({ id: 'a' }));
  window.localStorage.setItem(storageKeys.language, 'zh');
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('apiRequest', () => {
  it('calls the versioned base with a bearer token and JSON', async () => {
    fetchMock.mockResolvedValue(Response.json(TEST_APP_CONFIG));
    await expect(apiRequest(getAppConfigRoute)).resolves.toEqual(TEST_APP_CONFIG);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/v1/config');
    expect((init!.headers as Record<string, string>).Authorization).toBe('Bearer tok-123');
  });

  it('on 401 clears the stored user and session and redirects to connect', async () => {
    const show = vi.spyOn(notifications, 'show');
    fetchMock.mockResolvedValue(
      Response.json({ error: { code: 'UNAUTHORIZED', message: 'no' } }, { status: 401 }),
    );
    const error = await apiRequest(getMeRoute).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Authentication required. Redirecting to login...');
    expect(window.localStorage.getItem(storageKeys.session)).toBeNull();
    expect(window.localStorage.getItem(storageKeys.user)).toBeNull();
    // Only what identifies the user goes; other preferences stay.
    expect(window.localStorage.getItem(storageKeys.language)).toBe('zh');
    expect(redirects).toEqual(['/connect']);
    // Spec §8, §9: the redirect toast, for the default 4000 ms.
    await vi.waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({ color: 'red', autoClose: 4000, position: 'top-center' }),
      ),
    );
  });

  it('on 401 from several calls at once shows the redirect toast once and redirects once (issue 19, 2.2)', async () => {
    const show = vi.spyOn(notifications, 'show');
    show.mockClear();
    // The router's navigation is asynchronous: the address changes only once it has finished.
    const arrivals: (() => void)[] = [];
    setUnauthorizedHandler((to) => {
      redirects.push(to);
      return new Promise<void>((resolve) =>
        arrivals.push(() => {
          window.history.replaceState(null, '', to);
          resolve();
        }),
      );
    });
    fetchMock.mockImplementation(async () =>
      Response.json({ error: { code: 'UNAUTHORIZED', message: 'no' } }, { status: 401 }),
    );
    const failures = await Promise.allSettled([
      apiRequest(getMeRoute),
      apiRequest(getMeRoute),
      apiRequest(getMeRoute),
    ]);
    // A call made after the session was forgotten, before the new screen is there.
    await apiRequest(getMeRoute).catch(() => undefined);
    for (const arrive of arrivals) arrive();
    expect(failures.map((f) => f.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(redirects).toEqual(['/connect']);
    await vi.waitFor(() => expect(show).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(show).toHaveBeenCalledTimes(1);
  });

  it.each(['/connect', '/'])('on 401 does not redirect when already on %s', async (here) => {
    window.history.replaceState(null, '', here);
    fetchMock.mockResolvedValue(new Response(null, { status: 401 }));
    await expect(apiRequest(getMeRoute)).rejects.toBeInstanceOf(ApiError);
    expect(redirects).toEqual([]);
  });

  it('on 401 from a call that signs in (not by the session) keeps the session and stays', async () => {
    fetchMock.mockResolvedValue(
      Response.json({ error: { code: 'UNAUTHORIZED', message: 'Ticket refused' } }, { status: 401 }),
    );
    const error = (await apiRequest(exchangeLoginTicketRoute, {
      body: { ticket: 't'.repeat(32) },
    }).catch((e: unknown) => e)) as ApiError;
    expect([error.status, error.code, error.message]).toEqual([401, 'UNAUTHORIZED', 'Ticket refused']);
    expect(window.localStorage.getItem(storageKeys.session)).not.toBeNull();
    expect(redirects).toEqual([]);
  });

  it('refuses an authenticated call without a token, and signs out', async () => {
    window.localStorage.removeItem(storageKeys.session);
    const error = (await apiRequest(getMeRoute).catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBe('NO_SESSION');
    expect(error.message).toBe('No session token found. Please sign in again.');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(redirects).toEqual(['/connect']);
  });

  it('turns an error body into an ApiError with its code', async () => {
    fetchMock.mockResolvedValue(
      Response.json(
        { error: { code: 'RATE_LIMITED', message: 'Slow down', retryAfterSeconds: 9 } },
        { status: 429 },
      ),
    );
    const error = (await apiRequest(getAppConfigRoute).catch((e: unknown) => e)) as ApiError;
    expect([error.status, error.code, error.message, error.details.retryAfterSeconds]).toEqual([
      429,
      'RATE_LIMITED',
      'Slow down',
      9,
    ]);
  });

  it.each([
    ['an unknown code', { error: { code: 'TEAPOT', message: 'x' } }],
    ['no message', { error: { code: 'RATE_LIMITED' } }],
    ['no error object', { code: 'RATE_LIMITED', message: 'x' }],
  ])('does not trust an error body with %s: an HTTP error', async (_, body) => {
    fetchMock.mockResolvedValue(Response.json(body, { status: 429 }));
    const error = (await apiRequest(getAppConfigRoute).catch((e: unknown) => e)) as ApiError;
    expect([error.code, error.message]).toEqual(['HTTP_ERROR', 'HTTP error! status: 429']);
  });

  it('keeps only the fields the error body defines, each of its type', async () => {
    fetchMock.mockResolvedValue(
      Response.json(
        {
          error: {
            code: 'VALIDATION_ERROR',
            message: 'Bad',
            field: 'email',
            retryAfterSeconds: -3,
            extra: 1,
          },
        },
        { status: 400 },
      ),
    );
    const error = (await apiRequest(getAppConfigRoute).catch((e: unknown) => e)) as ApiError;
    expect([error.code, error.message, error.details]).toEqual([
      'VALIDATION_ERROR',
      'Bad',
      { field: 'email' },
    ]);
  });

  it("reports other failures as 'HTTP error! status: N'", async () => {
    fetchMock.mockResolvedValue(new Response('<html>bad gateway</html>', { status: 502 }));
    await expect(apiRequest(getAppConfigRoute)).rejects.toThrow('HTTP error! status: 502');
  });

  it('reports a network failure as NETWORK_ERROR', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(apiRequest(getAppConfigRoute)).rejects.toMatchObject({ code: 'NETWORK_ERROR', status: 0 });
  });

  it('rejects a response that breaks the contract', async () => {
    fetchMock.mockResolvedValue(Response.json({ productName: 42 }));
    await expect(apiRequest(getAppConfigRoute)).rejects.toThrow();
  });
});
