import { useQueryClient } from '@tanstack/react-query';
import {
  isValidElement,
  type ReactNode,
  Suspense,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import {
  UNSAFE_createBrowserHistory as createBrowserHistory,
  type Location,
  matchRoutes,
  Router,
  useLocation,
  useNavigate,
  useRoutes,
} from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { locationShown } from '@/lib/location-shown';
import type { LazyScreen } from './lazy-route';
import { RouteErrorBoundary } from './route-error';
import { routes } from './routes';

/**
 * The router's declarative mode: nothing here uses loaders, actions, fetchers or blockers, and
 * the data router's code was about 17 KB (gzip) of every first load (docs/decisions/260).
 */
export function AppRouter() {
  const [history] = useState(() => createBrowserHistory({ v5Compat: true }));
  return (
    <ScreenRouter history={history}>
      <AppRoutes />
    </ScreenRouter>
  );
}

type History = ReturnType<typeof createBrowserHistory>;

/**
 * BrowserRouter, except that a new location is shown only once its screens' code (and their
 * translations) are in, as the data router's lazy routes did: the page keeps what it shows
 * meanwhile, and a screen never suspends. A later navigation overtakes one still loading.
 */
export function ScreenRouter({ history, children }: { history: History; children: ReactNode }) {
  const [state, setState] = useState({ action: history.action, location: history.location });
  // The app loads the first screens before it renders (loadInitialScreens); anything else that
  // renders the router first sees the spinner, as the data router's hydrateFallbackElement.
  const [ready, setReady] = useState(() => screensSettledAt(history.location));
  useLayoutEffect(() => {
    if (!ready) void loadScreensAt(history.location).then(() => setReady(true));
    // The last location asked for (a browser history's `location` is a new object on each read).
    let latest: Location | undefined;
    return history.listen(({ action, location }) => {
      latest = location;
      // Screens already loaded are shown at once, as the data router did.
      if (screensSettledAt(location)) return setState({ action, location });
      void loadScreensAt(location).then(() => {
        if (latest === location) setState({ action, location });
      });
    });
  }, [history, ready]);
  // Each location shown settles what waited for it (lib/location-shown.ts).
  useEffect(() => {
    if (state.location) locationShown();
  }, [state.location]);
  return (
    <Router location={state.location} navigationType={state.action} navigator={history}>
      {ready ? children : <PageLoader />}
    </Router>
  );
}

/** The route table with what the data router gave it: the error screen, the spinner, the 401 redirect. */
export function AppRoutes(): ReactNode {
  return (
    <>
      <UnauthorizedRedirect />
      <RouteErrorBoundary>
        <Suspense fallback={<PageLoader />}>
          <RouteTable />
        </Suspense>
      </RouteErrorBoundary>
    </>
  );
}

function RouteTable() {
  return useRoutes(routes);
}

/**
 * A 401 signs out: leave for connect, then forget the old session's cached answers. Forgotten
 * only once connect is on screen (a navigation keeps the old screen until the new one's code is
 * in): cleared earlier, the old screen would ask for its data again, and meet another 401.
 */
function UnauthorizedRedirect() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const arrival = useRef<{ to: string; arrived: () => void } | null>(null);
  // Installed once, during the first render: installing resets the client's one-redirect latch.
  useState(() =>
    setUnauthorizedHandler(
      (to) =>
        new Promise<void>((arrived) => {
          arrival.current = { to, arrived };
          void navigateRef.current(to, { replace: true });
        }),
    ),
  );
  useEffect(() => {
    const pending = arrival.current;
    if (pending && pathname === pending.to) {
      arrival.current = null;
      queryClient.clear();
      pending.arrived();
    }
  }, [pathname, queryClient]);
  return null;
}

/**
 * Loads the code of the screens at `location` before the router starts, so its first render is
 * the screen itself: the router would otherwise render the loading spinner first, which would
 * replace a screen the server drew ahead (spa-page.ts) and then be replaced by it again. The
 * files were asked for with the page already (route preloads). A screen whose code fails to load
 * shows its error screen on the first render.
 */
export function loadInitialScreens(location: Pick<Location, 'pathname'>): Promise<void> {
  return loadScreensAt(location);
}

function screensAt(location: Pick<Location, 'pathname'>): LazyScreen[] {
  return (matchRoutes(routes, location) ?? []).flatMap(({ route }) => {
    const screen = isValidElement(route.element) ? (route.element.type as Partial<LazyScreen>) : undefined;
    return typeof screen?.preload === 'function' ? [screen as LazyScreen] : [];
  });
}

function screensSettledAt(location: Pick<Location, 'pathname'>): boolean {
  return screensAt(location).every((screen) => screen.settled());
}

async function loadScreensAt(location: Pick<Location, 'pathname'>): Promise<void> {
  await Promise.all(
    screensAt(location).map(async (screen) => {
      try {
        await screen.preload();
      } catch {
        // The screen throws it when rendered: the error screen.
      }
    }),
  );
}
