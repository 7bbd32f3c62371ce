import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider } from '@/app/provider';
import { routes } from '@/app/routes';
import { initI18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { storageKeys } from '@/lib/storage';

initI18n({ lng: 'en' });

export interface TestUser {
  name?: string;
  email?: string;
}

/** Signs a user in the way the app does: a stored session with a token and a stored user. */
export function signInAs(user: TestUser = {}): void {
  window.localStorage.setItem(
    storageKeys.session,
    JSON.stringify({
      account_id: 'acc-1',
      sessionToken: 'test-token',
      loginTime: new Date().toISOString(),
      provider: 'phone',
    }),
  );
  window.localStorage.setItem(
    storageKeys.user,
    JSON.stringify({
      id: 'acc-1',
      account_id: 'acc-1',
      email: user.email ?? 'ada@example.com',
      name: user.name ?? 'Ada Lovelace',
      provider: 'phone',
      phoneNumber: '+61412345678',
      createdAt: new Date().toISOString(),
    }),
  );
}

/** Renders the whole app at a URL, with the real routes, guards and providers. */
export function renderApp(url: string, options: { user?: TestUser | null } = {}) {
  if (options.user) signInAs(options.user);
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const result = render(
    <AppProvider queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...result, router };
}
