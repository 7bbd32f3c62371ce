import { Alert, Button, Card, Container, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconCheck, IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useAppConfig } from '@/lib/app-config';
import { useDocumentTitle } from '@/lib/use-document-title';

interface Step {
  title: string;
  body: string[];
}

/** How to connect Apple iCloud: app-specific password, two-factor, then connect (spec §2, Apple guide). */
export function AppleGuidePage() {
  const { t } = useTranslation('legal');
  const { productName, supportEmail } = useAppConfig();
  const vars = { product: productName, email: supportEmail };
  useDocumentTitle(t('appleGuide.title'));
  const steps = t('appleGuide.steps', { returnObjects: true, ...vars }) as unknown as Step[];
  const provides = t('appleGuide.provides', { returnObjects: true, ...vars }) as unknown as string[];
  const security = t('appleGuide.security', { returnObjects: true, ...vars }) as unknown as string[];

  return (
    <Container size="sm" py={{ base: 'lg', sm: 48 }} px={{ base: 'md', sm: 'lg' }}>
      <Title order={1} fz={{ base: 28, sm: 36 }} mb="sm">
        {t('appleGuide.title')}
      </Title>
      <Text lh={1.7} mb="xl">
        {t('appleGuide.intro', vars)}
      </Text>

      <Title order={2} fz={{ base: 20, sm: 22 }} mb="md">
        {t('appleGuide.stepsHeading')}
      </Title>
      <Stack component="ol" gap="md" p={0} m={0} mb="xl" style={{ listStyle: 'none' }}>
        {steps.map((step, index) => (
          <Card component="li" key={step.title} withBorder radius="md" padding="lg">
            <Group align="flex-start" wrap="nowrap" gap="md">
              <ThemeIcon size={36} radius="xl" variant="filled" aria-hidden>
                <Text fw={700} c="white">
                  {index + 1}
                </Text>
              </ThemeIcon>
              <Stack gap={6} style={{ minWidth: 0 }}>
                <Title order={3} fz="lg">
                  {step.title}
                </Title>
                {step.body.map((paragraph) => (
                  <Text key={paragraph} lh={1.65} style={{ overflowWrap: 'anywhere' }}>
                    {paragraph}
                  </Text>
                ))}
              </Stack>
            </Group>
          </Card>
        ))}
      </Stack>

      <Title order={2} fz={{ base: 20, sm: 22 }} mb="md">
        {t('appleGuide.providesHeading')}
      </Title>
      <List
        spacing="sm"
        mb="xl"
        icon={
          <ThemeIcon size={22} radius="xl" color="teal.8" aria-hidden>
            <IconCheck size={14} />
          </ThemeIcon>
        }
      >
        {provides.map((item) => (
          <List.Item key={item}>{item}</List.Item>
        ))}
      </List>

      <Alert
        variant="light"
        color="brand"
        icon={<IconShieldLock aria-hidden />}
        title={
          <Title order={2} fz="lg">
            {t('appleGuide.securityHeading')}
          </Title>
        }
        mb="xl"
      >
        <List spacing="xs" c="var(--mantine-color-text)">
          {security.map((item) => (
            <List.Item key={item}>{item}</List.Item>
          ))}
        </List>
      </Alert>

      <Stack gap="sm" align="flex-start">
        <Button
          component={Link}
          to={paths.integrations}
          rightSection={<IconArrowRight size={18} aria-hidden />}
          size="md"
        >
          {t('appleGuide.connectCta')}
        </Button>
        <Text c="dimmed" fz="sm">
          {t('appleGuide.helpFooter', vars)}
        </Text>
      </Stack>
    </Container>
  );
}
