import { Container } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { readLocal, storageKeys } from '@/lib/storage';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /verification: without a pending number there is nothing to verify, so back to sign-in (spec §2). */
export function VerificationPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('verification.title'));
  if (!readLocal(storageKeys.pendingPhoneNumber)) return <Navigate to={paths.login} replace />;
  return (
    <Container size="xs" py="xl">
      <PageHeader title={t('verification.title')} />
    </Container>
  );
}
