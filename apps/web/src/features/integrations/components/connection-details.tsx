import type { TProvider } from '@app/contract/common';
import { SERVICE_TYPES } from '@app/contract/common';
import type { TIntegrationStatus } from '@app/contract/integrations/get-integrations-status';
import { Badge, Button, Divider, Group, Modal, Stack, Text } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BottomSheet } from '@/components/bottom-sheet';
import { isMobile } from '@/lib/is-mobile';
import { SUCCESS_TEXT_COLOR } from '../utils/providers';
import { MODAL_STYLES } from './modal-styles';

interface ConnectionDetailsProps {
  provider: TProvider | null;
  status: TIntegrationStatus | null;
  onClose: () => void;
  onDisconnect: (provider: TProvider) => void;
}

/** Spec §2: a modal on desktop, a bottom sheet on phones (spec §9's mobile rule), with the same content. */
export function ConnectionDetails({ provider, status, onClose, onDisconnect }: ConnectionDetailsProps) {
  const { t } = useTranslation();
  // Read when the details open: a phone turned sideways keeps the form it opened with.
  const [mobile] = useState(isMobile);
  const opened = provider !== null && status !== null;
  const name = provider ? t(`integrations.providers.${provider}`) : '';
  const title = t('integrations.details.title', { provider: name });
  const body =
    provider && status ? (
      <DetailsBody name={name} status={status} onDisconnect={() => onDisconnect(provider)} />
    ) : null;

  if (mobile) {
    return (
      <BottomSheet opened={opened} onClose={onClose} title={title}>
        {body}
      </BottomSheet>
    );
  }
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
      styles={MODAL_STYLES}
    >
      {body}
    </Modal>
  );
}

function DetailsBody({
  name,
  status,
  onDisconnect,
}: {
  name: string;
  status: TIntegrationStatus;
  onDisconnect: () => void;
}) {
  const { t } = useTranslation();
  // Only what the person granted and left on: an unticked scope is simply not listed.
  const headingId = useId();
  const granted = SERVICE_TYPES.filter((type) =>
    status.services.some((s) => s.serviceType === type && s.isEnabled),
  );
  return (
    <Stack gap="md">
      <Stack component="dl" gap="xs" m={0}>
        <DetailLine label={t('integrations.details.provider')} value={name} />
        <DetailLine label={t('integrations.details.email')} value={status.email ?? '—'} />
      </Stack>
      <Divider />
      <Stack gap="xs">
        <Text fw={600} id={headingId}>
          {t('integrations.details.permissions')}
        </Text>
        {granted.length === 0 ? (
          <Text c="dimmed">{t('integrations.details.noPermissions')}</Text>
        ) : (
          <Stack component="ul" gap="xs" m={0} p={0} aria-labelledby={headingId}>
            {granted.map((type) => (
              <Group component="li" key={type} justify="space-between" style={{ listStyle: 'none' }}>
                <Text>{t(`integrations.details.services.${type}`)}</Text>
                <Badge color="teal" variant="light" c={SUCCESS_TEXT_COLOR}>
                  {t('integrations.details.serviceConnected')}
                </Badge>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
      <Button
        mt="sm"
        color="red"
        variant="light"
        c="red.9"
        leftSection={<IconPlugConnectedX size={18} aria-hidden />}
        onClick={onDisconnect}
        fullWidth
      >
        {t('integrations.details.disconnect')}
      </Button>
    </Stack>
  );
}

function DetailLine({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="md">
      {/* The label keeps its width: a long address wraps, never the label ('邮箱' broke into 邮 / 箱). */}
      <Text component="dt" c="dimmed" fz="sm" style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text component="dd" m={0} fw={500} ta="end" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
        {value}
      </Text>
    </Group>
  );
}
