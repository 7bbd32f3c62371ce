import { TOAST_MS } from '@app/contract/constants';
import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '@/components/section-card';
import { errorText } from '@/lib/error-text';
import { showToast } from '@/lib/toast';
import { useExportAccount } from '../api/export-account';
import { localDay, saveJsonFile } from '../utils/save-file';

/** Everything held about the person, saved as `my-data-YYYY-MM-DD.json`. */
export function ExportCard() {
  const { t } = useTranslation('account');
  const exportAccount = useExportAccount();

  const download = () =>
    exportAccount.mutate(undefined, {
      onSuccess: (data) => {
        saveJsonFile(data, t('export.fileName', { date: localDay() }));
        showToast('green', t('export.done'), TOAST_MS.default);
      },
      // A rate limit says in the server's words when to try again.
      onError: (error) => showToast('red', errorText(error, t('export.failed')), TOAST_MS.long),
    });

  return (
    <SectionCard title={t('export.title')} description={t('export.description')}>
      <Button
        variant="default"
        leftSection={<IconDownload size={18} aria-hidden />}
        onClick={download}
        loading={exportAccount.isPending}
        loaderProps={{ 'aria-label': t('export.preparing') }}
        style={{ alignSelf: 'flex-start' }}
      >
        {t('export.button')}
      </Button>
    </SectionCard>
  );
}
