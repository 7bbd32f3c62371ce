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
          {chunk ? t('errors.chunkLoad', { id: error.chunkId }) : t('errors.pageCrashed')}
        </Title>
        <Text c="dimmed">{chunk ? t('errors.chunkLoadHint') : t('errors.unknown')}</Text>
        <Button onClick={() => window.location.reload()}>{t('errors.reload')}</Button>
      </Stack>
    </Center>
  );
}
