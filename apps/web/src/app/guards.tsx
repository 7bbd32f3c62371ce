import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { isAuthenticated } from '@/lib/session';

/** Protected routes send a signed-out visitor to /login (spec §2). */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const location = useLocation();
  if (!isAuthenticated()) return <Navigate to={paths.login} replace state={{ from: location.pathname }} />;
  return children ?? <Outlet />;
}

/** The connect/login page sends someone already signed in on to /integrations. */
export function RedirectIfAuthenticated({ children }: { children?: ReactNode }) {
  if (isAuthenticated()) return <Navigate to={paths.integrations} replace />;
  return children ?? <Outlet />;
}
