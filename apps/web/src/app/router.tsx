import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { routes } from './routes';

export function AppRouter() {
  const queryClient = useQueryClient();
  const [router] = useState(() => {
    const created = createBrowserRouter(routes);
    // A 401 signs out: leave for connect, then forget the old session's cached answers.
    setUnauthorizedHandler(
      (to) => void created.navigate(to, { replace: true }).then(() => queryClient.clear()),
    );
    return created;
  });
  return <RouterProvider router={router} />;
}
