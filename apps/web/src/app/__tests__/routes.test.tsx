import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { userQueryKey } from '@/lib/auth';
import { getStoredUser } from '@/lib/session';
import { storageKeys } from '@/lib/storage';
import { fakeApi } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';

// Screens ask the API for public config and the signed-in user; answer as the server does.
beforeEach(() => {
  fakeApi();
});
afterEach(() => vi.unstubAllGlobals());

async function landsOn(url: string, expected: string, user?: { name: string }) {
  const { router } = renderApp(url, user ? { user } : {});
  await waitFor(() => expect(router.state.location.pathname).toBe(expected));
  return router;
}

describe('route guard and redirects, signed out', () => {
  it.each([paths.root, paths.integrations, paths.assistant, paths.billing, paths.contact, paths.account])(
    '%s redirects to /login',
    async (url) => {
      await landsOn(url, paths.login);
    },
  );

  it.each([paths.calendar, paths.calendarSettings, paths.settings])(
    '%s goes to /integrations, then to /login',
    async (url) => {
      await landsOn(url, paths.login);
    },
  );

  it.each(['/anything', '/billing/extra/deep', '/v2'])('unknown path %s redirects to /login', async (url) => {
    await landsOn(url, paths.login);
  });

  it.each([paths.privacy, paths.terms, paths.appleGuide, paths.login, paths.connect])(
    'public route %s stays put',
    async (url) => {
      await landsOn(url, url);
    },
  );

  it('sends /verification back to sign-in when no number is pending', async () => {
    await landsOn(paths.verification, paths.login);
  });

  it('keeps /verification when a number is pending', async () => {
    window.localStorage.setItem(storageKeys.pendingPhoneNumber, '+61412345678');
    await landsOn(paths.verification, paths.verification);
  });

  it('shows the sign-in page with both providers', async () => {
    renderApp(paths.login);
    expect(await screen.findByRole('button', { name: 'Connect with Gmail' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Connect with Outlook' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Terms of Service/ })).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: /Privacy Policy/ })).toHaveAttribute('href', paths.privacy);
  });
});

describe('route guard and redirects, signed in', () => {
  const user = { name: 'Ada Lovelace' };

  it.each([paths.login, paths.connect])('%s sends a signed-in user to /integrations', async (url) => {
    await landsOn(url, paths.integrations, user);
  });

  it.each([paths.calendar, paths.calendarSettings, paths.settings])(
    '%s redirects to /integrations',
    async (url) => {
      await landsOn(url, paths.integrations, user);
    },
  );

  it.each([paths.root, paths.integrations, paths.assistant, paths.billing, paths.contact, paths.account])(
    'protected %s opens',
    async (url) => {
      await landsOn(url, url, user);
    },
  );

  it('marks Integrations active on / and shows the user initials', async () => {
    renderApp(paths.root, { user });
    const link = await screen.findByRole('link', { name: 'Integrations' });
    expect(link).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Billing' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('button', { name: /Account menu for Ada Lovelace/ })).toHaveTextContent('AL');
  });

  it('marks Billing active on /billing', async () => {
    renderApp(paths.billing, { user });
    // The screen's chunk (the first of this file to load it) comes first.
    const billing = await screen.findByRole('link', { name: 'Billing' }, { timeout: 10_000 });
    expect(billing).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Integrations' })).not.toHaveAttribute('aria-current');
  }, 20_000);

  it('marks Account active on /account, below Contact', async () => {
    renderApp(paths.account, { user });
    // The screen's chunk and its translations load first.
    const account = await screen.findByRole('link', { name: 'Account' }, { timeout: 10_000 });
    expect(account).toHaveAttribute('aria-current', 'page');
    const links = screen.getAllByRole('link').map((link) => link.textContent);
    expect(links.indexOf('Account')).toBe(links.indexOf('Contact') + 1);
  }, 20_000);

  it('marks Assistant active on /assistant, below Integrations', async () => {
    renderApp(paths.assistant, { user });
    const assistant = await screen.findByRole('link', { name: 'Assistant' }, { timeout: 10_000 });
    expect(assistant).toHaveAttribute('aria-current', 'page');
    const links = screen.getAllByRole('link').map((link) => link.textContent);
    expect(links.indexOf('Assistant')).toBe(links.indexOf('Integrations') + 1);
  }, 20_000);
});

describe('a session that ends (spec §4)', () => {
  it('a 401 leaves for /connect in the page, then forgets the old session and its cached answers', async () => {
    fakeApi({
      '/v1/auth/me': () =>
        Response.json({ error: { code: 'UNAUTHORIZED', message: 'expired' } }, { status: 401 }),
    });
    // The client reads the address bar to tell whether it is on /connect already.
    window.history.replaceState(null, '', paths.integrations);
    const { router, queryClient } = renderApp(paths.integrations, { user: { name: 'Ada Lovelace' } });
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.connect), { timeout: 10_000 });
    window.history.replaceState(null, '', '/');
    expect(await screen.findByRole('button', { name: 'Connect with Gmail' })).toBeInTheDocument();
    expect(window.localStorage.getItem(storageKeys.session)).toBeNull();
    // Only what connect itself asked for since: the signed-in screen's answers are gone.
    expect(
      queryClient
        .getQueryCache()
        .getAll()
        .map((query) => query.queryKey),
    ).toEqual([['app-config']]);
  }, 20_000);
});

describe('the signed-in user is server state (GET /v1/auth/me)', () => {
  it('shows the stored user at once, then what the server answers', async () => {
    let answer: (response: Response) => void = () => undefined;
    fakeApi({
      '/v1/auth/me': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    renderApp(paths.integrations, { user: { name: 'Ada Lovelace' } });
    const menu = await screen.findByRole('button', { name: /Account menu for Ada Lovelace/ });
    expect(menu).toHaveTextContent('AL');
    answer(Response.json({ user: { ...getStoredUser(), language: 'en', name: 'Ada King' } }));
    await waitFor(() => expect(menu).toHaveAccessibleName(/Account menu for Ada King/));
    expect(menu).toHaveTextContent('AK');
  });

  it("shows a phone user's number in the user menu formatted as everywhere else (issue 19, 2.5)", async () => {
    window.localStorage.setItem(
      storageKeys.user,
      JSON.stringify({
        id: 'acc-1',
        account_id: 'acc-1',
        email: '14155550110@phone.relay.invalid',
        name: 'Phone User',
        provider: 'phone',
        phoneNumber: '+14155550110',
        createdAt: new Date().toISOString(),
      }),
    );
    window.localStorage.setItem(
      storageKeys.session,
      JSON.stringify({ sessionToken: 't', account_id: 'acc-1' }),
    );
    const user = userEvent.setup();
    renderApp(paths.integrations);
    await user.click(
      await screen.findByRole('button', { name: /Account menu for Phone User/ }, { timeout: 10_000 }),
    );
    const menu = await screen.findByRole('menu');
    await waitFor(() => expect(menu).toHaveTextContent('+1 415 555 0110'));
    expect(menu).not.toHaveTextContent('+14155550110');
    expect(menu).not.toHaveTextContent('phone.relay.invalid');
  }, 20_000);

  it('logs out: revokes the session, forgets the device and the cached user, lands on /login', async () => {
    const calls = fakeApi();
    const user = userEvent.setup();
    const { router, queryClient } = renderApp(paths.integrations, { user: { name: 'Ada Lovelace' } });
    await waitFor(() => expect(calls.map((c) => c.path)).toContain('/v1/auth/me'));
    expect(queryClient.getQueryData(userQueryKey)).toMatchObject({ name: 'Ada Lovelace' });
    await user.click(await screen.findByRole('button', { name: /Account menu for Ada Lovelace/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log Out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.login));
    expect(calls.map((c) => c.path)).toContain('/v1/auth/logout');
    expect(window.localStorage.length).toBe(0);
    expect(queryClient.getQueryData(userQueryKey)).toBeUndefined();
  });
});
