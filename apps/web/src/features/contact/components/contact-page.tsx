import { Container } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { useDocumentTitle } from '@/lib/use-document-title';

/** The contact screen; its content arrives with its own issue (docs/spec-coverage.md). */
export function ContactPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('contact.title'));
  return (
    <Container size="lg" py="xl" px={{ base: 'md', sm: 'xl' }}>
      <PageHeader title={t('contact.title')} description={t('contact.subtitle')} />
    </Container>
  );
}
