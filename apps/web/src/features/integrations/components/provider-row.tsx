import type { TProvider } from '@app/contract/common';
import type { TIntegrationStatus } from '@app/contract/integrations/get-integrations-status';
import { Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { TruncatedText } from '@/components/truncated-text';
import {
  PROVIDER_COLORS,
  PROVIDER_ICONS,
  reasonKey,
  rowState,
  SUCCESS_TEXT_COLOR,
  WARNING_COLOR,
} from '../utils/providers';
import { IntegrationRow } from './integration-row';

interface ProviderRowProps {
  provider: TProvider;
  status: TIntegrationStatus;
  /** Starting a connection (the OAuth hand-over or the Apple modal) is under way. */
  loading: boolean;
  highlighted: boolean;
  onConnect: () => void;
  onDetails: () => void;
  /** The row's button, focused when the reconnect link names this provider. */
  actionRef?: Ref<HTMLButtonElement>;
}

/**
 * One provider: Connect, Connected (opens the details) or Reconnect with the reason, which is
 * what makes a broken connection visible and repairable in place (issue 9).
 */
export function ProviderRow({
  provider,
  status,
  loading,
  highlighted,
  onConnect,
  onDetails,
  actionRef,
}: ProviderRowProps) {
  const { t } = useTranslation();
  const wide = useMediaQuery('(min-width: 48em)');
  const name = t(`integrations.providers.${provider}`);
  const Icon = PROVIDER_ICONS[provider];
  const state = rowState(status);
  const subtitle =
    state !== 'not_connected' && status.email ? (
      <TruncatedText inherit>{status.email}</TruncatedText>
    ) : (
      t(`integrations.descriptions.${provider}`)
    );

  const action =
    state === 'connected' ? (
      <Button
        ref={actionRef}
        size="sm"
        variant="light"
        color="teal"
        c={SUCCESS_TEXT_COLOR}
        // A phone keeps the row's width for the email address.
        leftSection={wide ? <IconCheck size={16} aria-hidden /> : undefined}
        aria-label={t('integrations.connectedDetails', { provider: name })}
        aria-haspopup="dialog"
        onClick={onDetails}
      >
        {t('integrations.connected')}
      </Button>
    ) : state === 'needs_reconnect' ? (
      <Button
        ref={actionRef}
        size="sm"
        color={WARNING_COLOR}
        leftSection={<IconAlertTriangle size={16} aria-hidden />}
        loading={loading}
        aria-label={t('integrations.reconnectProvider', { provider: name })}
        onClick={onConnect}
      >
        {t('integrations.reconnect')}
      </Button>
    ) : state === 'nothing_granted' ? (
      // The provider's consent page again, where the person can tick what the assistant may use.
      <Button
        ref={actionRef}
        size="sm"
        color={WARNING_COLOR}
        loading={loading}
        aria-label={t('integrations.grantAccessTo', { provider: name })}
        onClick={onConnect}
      >
        {t('integrations.grantAccess')}
      </Button>
    ) : (
      <Button
        ref={actionRef}
        size="sm"
        loading={loading}
        aria-label={t('integrations.connectProvider', { provider: name })}
        onClick={onConnect}
      >
        {t('integrations.connect')}
      </Button>
    );

  return (
    <IntegrationRow
      icon={
        <ThemeIcon size={44} radius="md" variant="light" color={PROVIDER_COLORS[provider]} aria-hidden>
          <Icon size={24} />
        </ThemeIcon>
      }
      title={name}
      subtitle={subtitle}
      action={action}
      highlighted={highlighted}
      // A click anywhere on a connected row opens its details (spec §2); the button is the keyboard path.
      onRowClick={state === 'connected' ? onDetails : undefined}
    >
      {state === 'needs_reconnect' ? (
        <RowWarning
          title={t('integrations.needsReconnect')}
          text={t(`errors:${reasonKey(status.reason)}`, { provider: name })}
        />
      ) : state === 'nothing_granted' ? (
        <RowWarning
          title={t('integrations.nothingGranted')}
          text={t('integrations.nothingGrantedText', { provider: name })}
        />
      ) : null}
    </IntegrationRow>
  );
}

/** Why a row needs the person, under it, with its action beside the row. */
function RowWarning({ title, text }: { title: string; text: string }) {
  return (
    <Group gap={6} wrap="nowrap" align="flex-start" c={WARNING_COLOR}>
      <IconAlertTriangle size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
      <Stack gap={0}>
        <Text fz="sm" fw={600}>
          {title}
        </Text>
        <Text fz="sm">{text}</Text>
      </Stack>
    </Group>
  );
}
