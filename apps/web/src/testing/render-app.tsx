import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider } from '@/app/provider';
import { routes } from '@/app/routes';
import { initI18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { sessionStorageEntries } from '@/lib/session';

initI18n({ lng: 'en' });

export interface TestUser {
  name?: string;
  email?: string;
}

/** Signs a user in the way the app does: the entries a sign-in stores (`lib/session.ts`). */
export function signInAs(user: TestUser = {}): void {
  const entries = sessionStorageEntries(
    {
      id: 'acc-1',
      email: user.email ?? 'ada@example.com',
      name: user.name ?? 'Ada Lovelace',
      provider: 'phone',
      phoneNumber: '+61412345678',
    },
    'test-token',
    'phone',
  );
  for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value);
}

/** Renders the whole app at a URL, with the real routes, guards and providers. */
export function renderApp(url: string, options: { user?: TestUser | null } = {}) {
  if (options.user) signInAs(options.user);
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const queryClient = createQueryClient();
  const result = render(
    <AppProvider queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...result, router, queryClient };
}
