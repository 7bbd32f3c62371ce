import { Button, List, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '@/components/section-card';
import { DeleteAccountDialog } from './delete-account-dialog';

const POINTS = ['grants', 'subscription', 'data', 'invoices', 'signOut'] as const;

/** The danger zone: what deleting does, and the way in to the confirmation. */
export function DeleteAccountCard() {
  const { t } = useTranslation('account');
  const [asking, setAsking] = useState(false);
  return (
    <SectionCard title={t('delete.title')} danger>
      <Text fz="sm">{t('delete.intro')}</Text>
      <List fz="sm" spacing={4} withPadding>
        {POINTS.map((point) => (
          <List.Item key={point}>{t(`delete.points.${point}`)}</List.Item>
        ))}
      </List>
      <Button
        color="red.8"
        leftSection={<IconTrash size={18} aria-hidden />}
        onClick={() => setAsking(true)}
        aria-haspopup="dialog"
        style={{ alignSelf: 'flex-start' }}
      >
        {t('delete.button')}
      </Button>
      <DeleteAccountDialog opened={asking} onClose={() => setAsking(false)} />
    </SectionCard>
  );
}
