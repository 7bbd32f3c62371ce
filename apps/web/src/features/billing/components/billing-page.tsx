import { Container } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { useDocumentTitle } from '@/lib/use-document-title';

/** The billing screen; its content arrives with its own issue (docs/spec-coverage.md). */
export function BillingPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('billing.title'));
  return (
    <Container size="lg" py="xl" px={{ base: 'md', sm: 'xl' }}>
      <PageHeader title={t('billing.title')} description={t('billing.subtitle')} />
    </Container>
  );
}
