import { Box, Card, Center, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { LanguageSwitch } from '@/components/language-switch';
import { LogoMark } from '@/components/logo';
import { StandInBanner } from '@/components/stand-in-banner';
import { useToastClearance } from '@/lib/toast';

/** The sign-in screens' frame: banner, language switch (and an optional action beside it), one centred card. */
export function AuthScreen({ topLeft, children }: { topLeft?: ReactNode; children: ReactNode }) {
  const header = useToastClearance<HTMLDivElement>();
  return (
    <Box mih="100dvh" bg="gray.0" style={{ display: 'flex', flexDirection: 'column' }}>
      <StandInBanner />
      <Group ref={header} justify={topLeft ? 'space-between' : 'flex-end'} p="md">
        {topLeft}
        <LanguageSwitch />
      </Group>
      <Center component="main" id="main" style={{ flex: 1 }} px="md" pb={48}>
        <Card withBorder shadow="sm" radius="lg" p={{ base: 'lg', xs: 'xl' }} w="100%" maw={420}>
          {children}
        </Card>
      </Center>
    </Box>
  );
}

/** The connect/login page's heading: the mark, the title (the page's one h1) and a subtitle. */
export function AuthHeading({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <Stack gap="xs" align="center" ta="center">
      <LogoMark size={56} />
      <Title order={1} fz={26}>
        {title}
      </Title>
      <Text c="dimmed">{subtitle}</Text>
    </Stack>
  );
}
