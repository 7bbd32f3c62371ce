import { Box, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

interface IntegrationRowProps {
  icon: ReactNode;
  title: ReactNode;
  subtitle: ReactNode;
  action: ReactNode;
  /** Extra lines under the row (a reconnect reason). */
  children?: ReactNode;
  highlighted?: boolean;
  onRowClick?: (() => void) | undefined;
}

/** The shape every row of the screen shares: icon, name and one line, the action on the right. */
export function IntegrationRow({
  icon,
  title,
  subtitle,
  action,
  children,
  highlighted,
  onRowClick,
}: IntegrationRowProps) {
  return (
    <Box
      component="li"
      data-highlighted={highlighted || undefined}
      onClick={(event) => {
        // Only clicks on the row itself, not on its button or links.
        if (onRowClick && !(event.target as HTMLElement).closest('button, a')) onRowClick();
      }}
      style={{
        cursor: onRowClick ? 'pointer' : undefined,
        background: highlighted ? 'var(--mantine-color-orange-0)' : undefined,
        boxShadow: highlighted ? 'inset 4px 0 0 var(--mantine-color-orange-6)' : undefined,
      }}
    >
      <Stack gap="xs">
        <Group gap="sm" wrap="nowrap" justify="space-between">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
            {icon}
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text fw={600} lh={1.3}>
                {title}
              </Text>
              <Text fz="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {subtitle}
              </Text>
            </Stack>
          </Group>
          <Box style={{ flexShrink: 0 }}>{action}</Box>
        </Group>
        {children ? <Box pl={{ base: 0, xs: 56 }}>{children}</Box> : null}
      </Stack>
    </Box>
  );
}
