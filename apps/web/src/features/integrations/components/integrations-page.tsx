import { Container } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { useDocumentTitle } from '@/lib/use-document-title';

/** The integrations screen; its content arrives with its own issue (docs/spec-coverage.md). */
export function IntegrationsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('integrations.title'));
  return (
    <Container size="lg" py="xl" px={{ base: 'md', sm: 'xl' }}>
      <PageHeader title={t('integrations.title')} description={t('integrations.subtitle')} />
    </Container>
  );
}
