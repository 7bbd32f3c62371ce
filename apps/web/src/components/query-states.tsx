import { Alert, Button, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * Placeholder rows while a list loads, announced as loading. `height` may differ by width (a
 * phone's rows wrap): the rows stand where the loaded ones will, so nothing below them moves.
 */
export function RowSkeletons({
  rows = 2,
  height = 56,
}: {
  rows?: number;
  height?: number | { base: number; sm: number };
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" role="status" aria-label={t('common.loading')}>
      {Array.from({ length: rows }, (_, i) => `row-${i}`).map((key) => (
        <Skeleton key={key} h={height} radius="md" />
      ))}
    </Stack>
  );
}

/** A list that could not be read: says so, and offers to try again. */
export function LoadFailed({ text, onRetry }: { text: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" role="alert" c="red.9" icon={<IconAlertCircle aria-hidden />}>
      <Stack gap="xs" align="flex-start">
        <Text fz="sm">{text}</Text>
        <Button size="xs" variant="default" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}
