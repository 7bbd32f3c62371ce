import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import classes from './account.module.css';

interface SectionCardProps {
  title: string;
  description?: ReactNode;
  /** Beside the title on wide screens, under it on a phone. */
  action?: ReactNode;
  danger?: boolean;
  children?: ReactNode;
}

/** One card of the account screen: a landmark named by its heading, as billing's cards are. */
export function SectionCard({ title, description, action, danger = false, children }: SectionCardProps) {
  const headingId = useId();
  return (
    <Card
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'xl' }}
      component="section"
      aria-labelledby={headingId}
      className={danger ? classes.danger : undefined}
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4} style={{ flex: '1 1 16rem', minWidth: 0 }}>
            <Title order={2} fz="lg" id={headingId} c={danger ? 'red.9' : undefined}>
              {title}
            </Title>
            {description ? (
              <Text fz="sm" c={danger ? 'var(--mantine-color-text)' : 'dimmed'}>
                {description}
              </Text>
            ) : null}
          </Stack>
          {action}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}
