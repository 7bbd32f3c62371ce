import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { routes } from './routes';

export function AppRouter() {
  const [router] = useState(() => {
    const created = createBrowserRouter(routes);
    setUnauthorizedHandler((to) => void created.navigate(to, { replace: true }));
    return created;
  });
  return <RouterProvider router={router} />;
}
