import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Spec §2: cancelling is confirmed first; the dialog says until when access lasts. */
export function CancelDialog({
  opened,
  until,
  pending,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  until: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('billing');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('cancelDialog.title')}
      centered
      closeButtonProps={{ 'aria-label': t('common:common.close') }}
    >
      <Text mb="lg">{t('cancelDialog.body', { date: until })}</Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          {t('cancelDialog.keep')}
        </Button>
        <Button color="red.8" loading={pending} onClick={onConfirm}>
          {t('cancelDialog.confirm')}
        </Button>
      </Group>
    </Modal>
  );
}
