import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The mark: a speech bubble with a spark, the assistant you text. */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="16" fill="var(--mantine-color-brand-7, #4338ca)" />
      <path
        d="M18 18h28a6 6 0 0 1 6 6v14a6 6 0 0 1-6 6H30l-9 7v-7h-3a6 6 0 0 1-6-6V24a6 6 0 0 1 6-6z"
        fill="#fff"
      />
      <path
        d="M32 23l2.2 5.3L39.5 30l-5.3 2.2L32 37.5l-2.2-5.3L24.5 30l5.3-1.7z"
        fill="var(--mantine-color-brand-7, #4338ca)"
      />
    </svg>
  );
}

export function Logo() {
  const { t } = useTranslation();
  return (
    <Group gap={8} wrap="nowrap">
      <LogoMark />
      <Text component="span" fw={700} fz="lg" c="var(--mantine-color-text)">
        {t('app.name')}
      </Text>
    </Group>
  );
}
