import { Card, Group, type MantineSpacing, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import classes from './section-card.module.css';

interface SectionCardProps {
  title: string;
  /** A line under the title, in a card's small dimmed print. */
  description?: ReactNode;
  /** Under the title, in the same column, laid out by the card (the plan's name and price). */
  summary?: ReactNode;
  /** Beside the title where there is room, under it otherwise. */
  action?: ReactNode;
  danger?: boolean;
  /** The space between the heading and each part of the body. */
  gap?: MantineSpacing;
  children?: ReactNode;
}

/**
 * One card of a signed-in screen (billing, account): a landmark named by its heading, so a
 * screen reader lists the cards as regions and tests find them by name.
 */
export function SectionCard({
  title,
  description,
  summary,
  action,
  danger = false,
  gap = 'md',
  children,
}: SectionCardProps) {
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
      <Stack gap={gap}>
        <Group justify="space-between" align="flex-start" gap="sm">
          {/* A description needs a line's room before the action may sit beside it. */}
          <Stack gap={4} style={description ? { flex: '1 1 16rem', minWidth: 0 } : undefined}>
            <Title order={2} fz="lg" id={headingId} c={danger ? 'red.9' : undefined}>
              {title}
            </Title>
            {description ? (
              <Text fz="sm" c={danger ? 'var(--mantine-color-text)' : 'dimmed'}>
                {description}
              </Text>
            ) : null}
            {summary}
          </Stack>
          {action}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}
