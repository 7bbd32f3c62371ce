import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { createBrowserRouter, matchRoutes, type RouteObject, RouterProvider } from 'react-router';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { routes } from './routes';

export function AppRouter() {
  const queryClient = useQueryClient();
  const [router] = useState(() => {
    const created = createBrowserRouter(routes);
    // A 401 signs out: leave for connect, then forget the old session's cached answers.
    setUnauthorizedHandler((to) => created.navigate(to, { replace: true }).then(() => queryClient.clear()));
    return created;
  });
  return <RouterProvider router={router} />;
}

/**
 * Loads the code of the screens at `location` before the router starts, so its first render is
 * the screen itself: the router would otherwise render the loading spinner first, which would
 * replace a screen the server drew ahead (spa-page.ts) and then be replaced by it again. The
 * files were asked for with the page already (route preloads). A screen whose code fails to load
 * stays lazy: the router tries again and shows its error screen, as before.
 */
export async function loadInitialScreens(location: Location): Promise<void> {
  const matches = matchRoutes(routes, location) ?? [];
  await Promise.all(
    matches.map(async ({ route }: { route: RouteObject }) => {
      if (typeof route.lazy !== 'function') return;
      try {
        Object.assign(route, await route.lazy(), { lazy: undefined });
      } catch {
        // Left to the router.
      }
    }),
  );
}
