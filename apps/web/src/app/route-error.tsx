import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ChunkLoadError, retryFailedScreens } from './lazy-route';

/** A page that failed to load or render: say what happened and offer the one fix that works. */
export function RouteError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const chunk = error instanceof ChunkLoadError;
  return (
    <Center mih="60vh" px="md">
      <Stack align="center" gap="sm" ta="center" role="alert">
        <Title order={1} fz={22}>
          {chunk ? t('routeError.chunkLoad', { id: error.chunkId }) : t('routeError.pageCrashed')}
        </Title>
        <Text c="dimmed">{chunk ? t('routeError.chunkLoadHint') : t('errors:unknown')}</Text>
        <Button onClick={() => window.location.reload()}>{t('routeError.reload')}</Button>
      </Stack>
    </Center>
  );
}

interface BoundaryProps {
  locationKey: string;
  children: ReactNode;
}
interface BoundaryState {
  error: unknown;
  failedAt: string | undefined;
}

/**
 * The data router's `errorElement`, for the declarative one: a screen that throws, or whose code
 * does not arrive, shows the error screen in place of the page; going elsewhere leaves it (and a
 * failed screen is tried again when next shown).
 */
class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: undefined, failedAt: undefined };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error ?? new Error('unknown') };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (state.error === undefined) return { failedAt: props.locationKey };
    return state.failedAt === props.locationKey ? null : { error: undefined, failedAt: props.locationKey };
  }

  override componentDidCatch(): void {
    retryFailedScreens();
  }

  override render() {
    return this.state.error === undefined ? this.props.children : <RouteError error={this.state.error} />;
  }
}

export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const location = useLocation();
  return <ErrorBoundary locationKey={location.key}>{children}</ErrorBoundary>;
}
