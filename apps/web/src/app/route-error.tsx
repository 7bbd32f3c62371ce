import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { ChunkLoadError } from './lazy-route';

/** A page that failed to load or render: say what happened and offer the one fix that works. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
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
