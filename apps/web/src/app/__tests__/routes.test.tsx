import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { storageKeys } from '@/lib/storage';
import { TEST_APP_CONFIG } from '@/testing/app-config';
import { renderApp } from '@/testing/render-app';

// Screens ask the API for public config; answer as the server does so no request leaves the test.
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json(TEST_APP_CONFIG)),
  );
});
afterEach(() => vi.unstubAllGlobals());

async function landsOn(url: string, expected: string, user?: { name: string }) {
  const { router } = renderApp(url, user ? { user } : {});
  await waitFor(() => expect(router.state.location.pathname).toBe(expected));
  return router;
}

describe('route guard and redirects, signed out', () => {
  it.each([paths.root, paths.integrations, paths.billing, paths.contact])(
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

  it.each([paths.root, paths.integrations, paths.billing, paths.contact])(
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
    expect(await screen.findByRole('link', { name: 'Billing' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Integrations' })).not.toHaveAttribute('aria-current');
  });
});
