import { DELAYS_MS } from '@app/contract/constants';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callbackProvider } from '@/app/routes/oauth-callback';
import { paths } from '@/config/paths';
import { userQueryKey } from '@/lib/auth';
import { getSessionToken } from '@/lib/session';
import { sessionStorageKeys, storageKeys } from '@/lib/storage';
import { emulateDesktop, emulatePhone } from '@/testing/device';
import { fakeApi } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';

const TICKET = 'ticket-0123456789abcdef0123456789';
const SERVER_USER = {
  id: 'u-1',
  account_id: 'u-1',
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  provider: 'google',
  phoneNumber: null,
  language: 'en',
  createdAt: '2026-01-02T03:04:05.000Z',
};
const SIGNIN = `#success=true&purpose=signin&ticket=${TICKET}&account_id=u-1&email=ada%40example.com&name=Ada`;
const CONNECT = '#success=true&purpose=connect&account_id=u-2&email=ada.work%40example.com&name=Ada';
const SIGNED_IN = { user: { name: 'Ada Lovelace' } };

/** What `start-oauth.ts` leaves in this tab before it hands the window to the provider. */
function startedFlow(provider: string, returnUrl: string = paths.integrations) {
  window.sessionStorage.setItem(sessionStorageKeys.oauthReturnUrl, returnUrl);
  window.sessionStorage.setItem(sessionStorageKeys.oauthProvider, provider);
}

const exchangeAnswer = () => Response.json({ sessionToken: 'tok-new', user: SERVER_USER });

beforeEach(() => {
  emulateDesktop();
  fakeApi({ '/v1/auth/exchange': exchangeAnswer });
});
afterEach(async () => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

/** The 2 s of spec §9 ("after OAuth"), on fake timers: nothing before, the move after. */
async function afterTheDelay(router: ReturnType<typeof renderApp>['router']) {
  const from = router.state.location.pathname;
  await act(() => vi.advanceTimersByTimeAsync(DELAYS_MS.afterOAuth - 500));
  expect(router.state.location.pathname).toBe(from);
  await act(() => vi.advanceTimersByTimeAsync(500));
}

function expectCleanAddress(router: ReturnType<typeof renderApp>['router']) {
  expect(router.state.location.search).toBe('');
  expect(router.state.location.hash).toBe('');
}

describe('OAuth callback: sign-in with a one-time ticket (design §4)', () => {
  it('shows a spinner with text, cleans the address bar at once, exchanges the ticket, stores the session, and goes to /integrations after 2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    startedFlow('google');
    let answer: () => void = () => undefined;
    const calls = fakeApi({
      '/v1/auth/exchange': () =>
        new Promise<Response>((resolve) => {
          answer = () => resolve(exchangeAnswer());
        }),
    });
    const { router, queryClient } = renderApp(`${paths.googleCallback}${SIGNIN}`);

    expect(await screen.findByText('Finishing the connection...')).toHaveAttribute('role', 'status');
    expect(screen.getByRole('heading', { level: 1, name: 'Connecting your account' })).toBeInTheDocument();
    // Before the server has even answered, nothing of the fragment is left in the address.
    await waitFor(() => expect(calls.map((c) => c.path)).toContain('/v1/auth/exchange'));
    expectCleanAddress(router);
    expect(router.state.location.pathname).toBe(paths.googleCallback);
    expect(router.state.historyAction).toBe('REPLACE');

    answer();
    expect(await screen.findByText('Connected as ada@example.com')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: "You're connected" })).toBeInTheDocument();
    const exchange = calls.find((c) => c.path === '/v1/auth/exchange');
    expect(exchange?.init?.method).toBe('POST');
    expect(JSON.parse(String(exchange?.init?.body))).toEqual({ ticket: TICKET });
    expect(JSON.parse(window.localStorage.getItem(storageKeys.session)!)).toMatchObject({
      account_id: 'u-1',
      sessionToken: 'tok-new',
      provider: 'google',
    });
    expect(queryClient.getQueryData(userQueryKey)).toMatchObject({ email: 'ada@example.com' });
    expect(window.sessionStorage.getItem(sessionStorageKeys.oauthReturnUrl)).toBeNull();
    expect(window.sessionStorage.getItem(sessionStorageKeys.oauthProvider)).toBeNull();

    await afterTheDelay(router);
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.integrations));
    expect(calls.filter((c) => c.path === '/v1/auth/exchange')).toHaveLength(1);
  });

  it('signs in from /azure/callback as Microsoft', async () => {
    startedFlow('microsoft');
    renderApp(`${paths.azureCallback}${SIGNIN}`);
    expect(await screen.findByText('Connected as ada@example.com')).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem(storageKeys.session)!)).toMatchObject({
      provider: 'microsoft',
    });
  });

  it("says 'Failed to create user session' when the ticket is refused, and stores nothing", async () => {
    startedFlow('google');
    fakeApi({
      '/v1/auth/exchange': () =>
        Response.json({ error: { code: 'UNAUTHORIZED', message: 'Ticket used' } }, { status: 401 }),
    });
    const { router } = renderApp(`${paths.googleCallback}${SIGNIN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Connection Failed' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to create user session. Please try again.');
    expect(getSessionToken()).toBeNull();
    expectCleanAddress(router);
    expect(router.state.location.pathname).toBe(paths.googleCallback);
  });

  it('does not exchange a ticket for a sign-in this tab did not start (a stranger’s link)', async () => {
    const calls = fakeApi({ '/v1/auth/exchange': exchangeAnswer });
    const { router } = renderApp(`${paths.googleCallback}${SIGNIN}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to create user session. Please try again.',
    );
    expect(calls.map((c) => c.path)).not.toContain('/v1/auth/exchange');
    expect(getSessionToken()).toBeNull();
    expectCleanAddress(router);
  });
});

describe('OAuth callback: where success leads (spec §2, §9)', () => {
  it('on a phone, goes to the stored return path when the stored provider is this one', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    emulatePhone();
    startedFlow('google', paths.billing);
    const { router } = renderApp(`${paths.googleCallback}${SIGNIN}`);
    expect(await screen.findByText('Connected as ada@example.com')).toBeInTheDocument();
    await afterTheDelay(router);
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.billing));
  });

  it('on a phone, goes to /integrations when the stored provider is another one', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    emulatePhone();
    startedFlow('microsoft', paths.billing);
    const { router } = renderApp(`${paths.googleCallback}${CONNECT}`, SIGNED_IN);
    expect(await screen.findByText('Connected as ada.work@example.com')).toBeInTheDocument();
    await afterTheDelay(router);
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.integrations));
  });

  it('on a desktop, goes to /integrations whatever was stored', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    startedFlow('google', paths.billing);
    const { router } = renderApp(`${paths.googleCallback}${CONNECT}`, SIGNED_IN);
    expect(await screen.findByText('Connected as ada.work@example.com')).toBeInTheDocument();
    await afterTheDelay(router);
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.integrations));
  });

  it.each(['//evil.example', 'https://evil.example', '/\\evil', 'javascript:alert(1)', '%2F%2Fevil'])(
    'never leaves the site for a stored return URL of %s: /integrations',
    async (returnUrl) => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      emulatePhone();
      startedFlow('google', returnUrl);
      const { router } = renderApp(`${paths.googleCallback}${CONNECT}`, SIGNED_IN);
      expect(await screen.findByText('Connected as ada.work@example.com')).toBeInTheDocument();
      // Every place the router goes from here: straight to /integrations, not via a redirect.
      const visited: string[] = [];
      router.subscribe(({ location }) => {
        if (location.pathname !== (visited.at(-1) ?? paths.googleCallback)) visited.push(location.pathname);
      });
      await afterTheDelay(router);
      await waitFor(() => expect(router.state.location.pathname).toBe(paths.integrations));
      expect(visited[0]).toBe(paths.integrations);
    },
  );

  it('moves on at once with Continue now', async () => {
    startedFlow('google');
    const { router } = renderApp(`${paths.googleCallback}${SIGNIN}`);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Continue now' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.integrations));
  });
});

describe('OAuth callback: connecting another account', () => {
  it('confirms the connection for the signed-in person, storing nothing', async () => {
    const { router } = renderApp(`${paths.googleCallback}${CONNECT}`, SIGNED_IN);
    expect(await screen.findByText('Connected as ada.work@example.com')).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem(storageKeys.session)!)).toMatchObject({
      sessionToken: 'test-token',
    });
    expectCleanAddress(router);
  });

  it("says 'User session not found' when nobody is signed in", async () => {
    renderApp(`${paths.googleCallback}${CONNECT}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Connection Failed' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('User session not found. Please sign in again.');
  });
});

describe("OAuth callback: the spec's query parameters (§4)", () => {
  it('creates the session from a legacy sessionToken and account_id, and cleans the address', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    startedFlow('google');
    const { router } = renderApp(
      `${paths.googleCallback}?success=true&account_id=acc-7&email=ada%40example.com&name=Ada&sessionToken=legacy-tok`,
    );
    expect(await screen.findByText('Connected as ada@example.com')).toBeInTheDocument();
    expectCleanAddress(router);
    expect(JSON.parse(window.localStorage.getItem(storageKeys.session)!)).toMatchObject({
      account_id: 'acc-7',
      sessionToken: 'legacy-tok',
      provider: 'google',
    });
    await afterTheDelay(router);
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.integrations));
  });

  it('refuses a legacy token without an account id ("Account ID is required")', async () => {
    startedFlow('google');
    renderApp(`${paths.googleCallback}?success=true&sessionToken=legacy-tok`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to create user session. Please try again.',
    );
    expect(getSessionToken()).toBeNull();
  });

  it('refuses a legacy token from a link this tab did not start', async () => {
    renderApp(`${paths.googleCallback}?success=true&account_id=acc-7&sessionToken=attacker-tok`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to create user session. Please try again.',
    );
    expect(getSessionToken()).toBeNull();
  });

  it("code flow: without a signed-in user says 'User session not found' and sends nothing", async () => {
    const calls = fakeApi();
    const { router } = renderApp(`${paths.calendarCallback}?code=abc&state=s1`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'User session not found. Please sign in again.',
    );
    expect(calls.map((c) => c.path)).not.toContain('/v1/google/callback');
    expectCleanAddress(router);
  });

  it('code flow: hands the code to the server for the signed-in user, then goes to /calendar/settings (-> /integrations)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = fakeApi({
      '/v1/google/callback': () =>
        Response.json({
          success: true,
          message: 'Connected',
          user: { account_id: 'u-1', email: 'ada@example.com', name: 'Ada' },
        }),
    });
    const { router } = renderApp(`${paths.calendarCallback}?code=abc&state=s1`, SIGNED_IN);
    expect(await screen.findByText('Connected as ada@example.com')).toBeInTheDocument();
    expectCleanAddress(router);
    expect(calls.map((c) => c.path)).toContain('/v1/google/callback');
    const url = vi
      .mocked(fetch)
      .mock.calls.map(([u]) => String(u))
      .find((u) => u.includes('/v1/google/callback'));
    expect(url).toBe('/v1/google/callback?code=abc&state=s1');
    await afterTheDelay(router);
    // /calendar/settings redirects to /integrations (spec §2).
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.integrations));
    expect(router.state.location.search).toBe('');
  });

  it("code flow: a refusal names the provider: 'Failed to connect Microsoft. Please try again.'", async () => {
    fakeApi({
      '/v1/azure/callback': () => Response.json({ success: false, message: 'invalid_grant', user: null }),
    });
    renderApp(`${paths.azureCallback}?code=abc`, SIGNED_IN);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to connect Microsoft. Please try again.',
    );
  });

  it("says 'No authorization data received' when the address carries nothing", async () => {
    renderApp(paths.facebookCallback);
    expect(await screen.findByRole('heading', { level: 1, name: 'Connection Failed' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'No authorization data received. Please try the connection process again.',
    );
  });

  it("says 'OAuth authentication failed' for success=false without a known code", async () => {
    renderApp(`${paths.googleCallback}?success=false&error=server_error`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'OAuth authentication failed. Please try again.',
    );
  });
});

describe("OAuth callback: 'Connection Failed' (spec §2, §8)", () => {
  const DENIED =
    '#success=false&error=OAUTH_DENIED&message=Call%20%2B1%20555%200100%20to%20fix%20your%20account';

  it('shows the catalogue text for OAUTH_DENIED, never the message of the link, and returns to settings', async () => {
    const user = userEvent.setup();
    const { router } = renderApp(`${paths.googleCallback}${DENIED}`, SIGNED_IN);
    expect(await screen.findByRole('heading', { level: 1, name: 'Connection Failed' })).toBeInTheDocument();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(
      'Access was not granted, so the account was not connected. Please try again and allow access.',
    );
    expect(screen.queryByText(/555/)).toBeNull();
    expectCleanAddress(router);
    expect(screen.queryByRole('button', { name: 'Close Window' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Return to Settings' }));
    // /calendar/settings redirects to /integrations (spec §2).
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.integrations));
  });

  it('is in Chinese too', async () => {
    await i18n.changeLanguage('zh');
    renderApp(`${paths.googleCallback}${DENIED}`);
    expect(await screen.findByRole('heading', { level: 1, name: '连接失败' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('未获得授权，账户未连接。请重试并允许访问。');
    expect(screen.getByRole('button', { name: '返回设置' })).toBeInTheDocument();
  });

  it('offers Close Window instead when the page was opened as a popup', async () => {
    vi.stubGlobal('opener', {});
    const close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
    renderApp(`${paths.googleCallback}#success=false&error=OAUTH_FAILED`);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Close Window' }));
    expect(close).toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Return to Settings' })).toBeNull();
    expect(screen.getByRole('alert')).toHaveTextContent('OAuth authentication failed. Please try again.');
  });
});

describe('callback routes (spec §2)', () => {
  it.each([
    [paths.googleCallback, 'google'],
    [paths.azureCallback, 'microsoft'],
    [paths.facebookCallback, 'facebook'],
    [paths.calendarCallback, 'google'],
    ['/Azure/Callback/', 'microsoft'],
  ])('%s is the callback of %s', (path, provider) => {
    expect(callbackProvider(path)).toBe(provider);
  });
});
