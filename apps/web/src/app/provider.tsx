import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { TOAST_MS } from '@app/contract/constants';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, Suspense } from 'react';
import { PageLoader } from '@/components/page-loader';
import { cssVariablesResolver, theme } from './theme';

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
      <Notifications position="top-center" autoClose={TOAST_MS.default} />
      <QueryClientProvider client={queryClient}>
        <Suspense fallback={<PageLoader />}>{children}</Suspense>
      </QueryClientProvider>
    </MantineProvider>
  );
}
