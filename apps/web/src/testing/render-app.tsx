import { render } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import {
  UNSAFE_createMemoryHistory as createMemoryHistory,
  type Location,
  type NavigationType,
  useLocation,
  useNavigationType,
} from 'react-router';
import { AppProvider } from '@/app/provider';
import { AppRoutes, ScreenRouter } from '@/app/router';
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

interface RouterState {
  location: Location;
  historyAction: NavigationType;
}

/** Where the app's router is, as a test reads it: the location on screen, and every move. */
export interface TestRouter {
  readonly state: RouterState;
  subscribe(listener: (state: RouterState) => void): () => void;
}

function createTestRouter(url: string) {
  const listeners = new Set<(state: RouterState) => void>();
  const start = new URL(url, 'http://localhost');
  const router = {
    state: {
      location: {
        pathname: start.pathname,
        search: start.search,
        hash: start.hash,
        state: null,
        key: 'default',
      },
      historyAction: 'POP',
    } as RouterState,
    subscribe(listener: (state: RouterState) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  function Probe() {
    const location = useLocation();
    const historyAction = useNavigationType();
    useLayoutEffect(() => {
      router.state = { location, historyAction };
      for (const listener of listeners) listener(router.state);
    }, [location, historyAction]);
    return null;
  }
  return { router: router as TestRouter, Probe };
}

/** Renders the whole app at a URL, with the real router, routes, guards and providers. */
export function renderApp(url: string, options: { user?: TestUser | null } = {}) {
  if (options.user) signInAs(options.user);
  const { router, Probe } = createTestRouter(url);
  const queryClient = createQueryClient();
  const result = render(
    <AppProvider queryClient={queryClient} env="test">
      <ScreenRouter history={createMemoryHistory({ initialEntries: [url], v5Compat: true })}>
        <Probe />
        <AppRoutes />
      </ScreenRouter>
    </AppProvider>,
  );
  return { ...result, router, queryClient };
}
