import { longDate } from '@app/contract/long-date';
import { Container, List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '@/lib/app-config';
import { toLanguage } from '@/lib/i18n';

interface Section {
  heading: string;
  body: string[];
  list?: string[];
}

/** Renders a policy from the `legal` namespace: title, last-updated date, intro and numbered sections. */
export function LegalDocument({ doc }: { doc: 'privacy' | 'terms' }) {
  const { t, i18n } = useTranslation('legal');
  const { productName, supportEmail } = useAppConfig();
  const vars = { product: productName, email: supportEmail };
  const sections = t(`${doc}.sections`, { returnObjects: true, ...vars }) as unknown as Section[];

  return (
    <Container size="sm" py={{ base: 'lg', sm: 48 }} px={{ base: 'md', sm: 'lg' }}>
      <Stack gap={6} mb="xl">
        <Title order={1} fz={{ base: 28, sm: 36 }}>
          {t(`${doc}.title`)}
        </Title>
        {/* Spec: the last-updated date shown is today's. */}
        <Text c="dimmed" fz="sm">
          {t(`${doc}.lastUpdated`, { date: longDate(toLanguage(i18n.resolvedLanguage), new Date()) })}
        </Text>
      </Stack>
      <Text fz="md" lh={1.7} mb="xl">
        {t(`${doc}.intro`, vars)}
      </Text>
      <Stack gap="xl">
        {sections.map((section, index) => (
          <section key={section.heading} aria-labelledby={`${doc}-s${index + 1}`}>
            <Title order={2} fz={{ base: 19, sm: 21 }} mb="sm" id={`${doc}-s${index + 1}`}>
              {index + 1}. {section.heading}
            </Title>
            <Stack gap="sm">
              {section.body.map((paragraph) => (
                <Text key={paragraph} lh={1.7}>
                  {paragraph}
                </Text>
              ))}
              {section.list ? (
                <List spacing="xs" lh={1.6} pl={4}>
                  {section.list.map((item) => (
                    <List.Item key={item}>{item}</List.Item>
                  ))}
                </List>
              ) : null}
            </Stack>
          </section>
        ))}
      </Stack>
    </Container>
  );
}
