import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MODAL_STYLES } from './modal-styles';

interface DisconnectConfirmProps {
  providerName: string | null;
  loading: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Spec §4: disconnecting asks first; the dialog stays, busy, until the server has answered. */
export function DisconnectConfirm({ providerName, loading, onCancel, onConfirm }: DisconnectConfirmProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={providerName !== null}
      onClose={loading ? () => undefined : onCancel}
      title={t('integrations.confirm.title', { provider: providerName ?? '' })}
      centered
      size="sm"
      zIndex={400}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      styles={MODAL_STYLES}
    >
      <Text mb="lg">{t('integrations.confirm.body')}</Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={loading} data-autofocus>
          {t('integrations.confirm.cancel')}
        </Button>
        <Button color="red" c="white" onClick={onConfirm} loading={loading}>
          {t('integrations.confirm.confirm')}
        </Button>
      </Group>
    </Modal>
  );
}
