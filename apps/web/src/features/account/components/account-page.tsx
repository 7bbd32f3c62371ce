import { Container, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { useDocumentTitle } from '@/lib/use-document-title';
import { ActivityCard } from './activity-card';
import { DeleteAccountCard } from './delete-account-card';
import { DevicesCard } from './devices-card';
import { ExportCard } from './export-card';

/** Issue 11, account and privacy: devices, security activity, a copy of the data, deletion. */
export function AccountPage() {
  // The screen's namespace loads with it (the page suspends until it has).
  useTranslation('account');
  const { t } = useTranslation();
  useDocumentTitle(t('account.title'));
  return (
    <Container size="sm" py={{ base: 'lg', sm: 'xl' }} px={{ base: 'md', sm: 'xl' }}>
      <PageHeader title={t('account.title')} description={t('account.subtitle')} />
      <Stack gap="lg">
        <DevicesCard />
        <ActivityCard />
        <ExportCard />
        <DeleteAccountCard />
      </Stack>
    </Container>
  );
}
