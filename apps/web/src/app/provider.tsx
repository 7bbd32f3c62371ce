import { TOAST_MS } from '@app/contract/constants';
import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useSyncExternalStore } from 'react';
import { PageLoader } from '@/components/page-loader';
import { toastHost } from '@/lib/toast';
import { cssVariablesResolver, theme } from './theme';

const Notifications = lazy(() =>
  import('@mantine/notifications').then((m) => ({ default: m.Notifications })),
);

/** Toasts' host, mounted with the first toast (lib/toast.ts). */
function ToastHost() {
  const wanted = useSyncExternalStore(toastHost.subscribe, toastHost.wanted, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-center" autoClose={TOAST_MS.default} limit={1} className="app-toasts" />
    </Suspense>
  );
}

/** `env="test"` is Mantine's mode for jsdom, which has no layout: no transitions, no hiding of popovers whose target it cannot place. */
export function AppProvider({
  queryClient,
  env,
  children,
}: {
  queryClient: QueryClient;
  env?: 'default' | 'test';
  children: ReactNode;
}) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
      {...(env ? { env } : {})}
    >
      <ToastHost />
      <QueryClientProvider client={queryClient}>
        <Suspense fallback={<PageLoader />}>{children}</Suspense>
      </QueryClientProvider>
    </MantineProvider>
  );
}
