import type { TProvider } from '@app/contract/common';
import type { TIntegrationStatus } from '@app/contract/integrations/get-integrations-status';
import { Alert, Anchor, Button, Container, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageEndToasts } from '@/components/page-end-toasts';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useIntegrationsStatus } from '../api/get-integrations-status';
import { useConnectFlow } from '../hooks/use-connect-flow';
import { useDisconnectFlow } from '../hooks/use-disconnect-flow';
import { useMobileReturnRecheck } from '../hooks/use-mobile-return-recheck';
import { isRowShown, parseReconnectParam, ROW_PROVIDERS, WARNING_COLOR } from '../utils/providers';
import { AppleModal } from './apple-modal';
import { ChatRow } from './chat-row';
import { ConnectionDetails } from './connection-details';
import { DisconnectConfirm } from './disconnect-confirm';
import { PhoneLinkModal } from './phone-link-modal';
import { PhoneRow } from './phone-row';
import { ProviderRow } from './provider-row';

/** The integrations screen (spec §2): every connection the assistant works through, and its state. */
export function IntegrationsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('integrations.title'));
  useMobileReturnRecheck();
  const status = useIntegrationsStatus();
  const [params] = useSearchParams();
  const reconnectTarget = parseReconnectParam(params.get('reconnect'));
  const [detailsOf, setDetailsOf] = useState<TProvider | null>(null);
  // The Assistant screen's "Link my phone" lands here with ?link=phone: the dialog opens at once.
  const [phoneOpen, setPhoneOpen] = useState(() => params.get('link') === 'phone');
  const connect = useConnectFlow();
  const disconnect = useDisconnectFlow({ onDone: () => setDetailsOf(null) });
  const targetButton = useRef<HTMLButtonElement>(null);
  const integrations = status.data?.integrations;
  const target = reconnectTarget && integrations ? integrations[reconnectTarget] : null;
  const targetBroken = target !== null && target.status !== 'connected';

  // The reconnect text message's link lands here: bring that row into view, ready to repair.
  useEffect(() => {
    if (!targetBroken) return;
    targetButton.current?.scrollIntoView({ block: 'center' });
    targetButton.current?.focus();
  }, [targetBroken]);

  return (
    <Container size="sm" py={{ base: 'lg', sm: 'xl' }} px={{ base: 'md', sm: 'xl' }}>
      <PageHeader title={t('integrations.title')} description={t('integrations.subtitle')} />

      {targetBroken && reconnectTarget ? (
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle aria-hidden />}
          mb="md"
          c={WARNING_COLOR}
          role="status"
        >
          {t('integrations.reconnectBanner', { provider: t(`integrations.providers.${reconnectTarget}`) })}
        </Alert>
      ) : null}

      <Stack gap="lg">
        <section aria-labelledby="accounts-heading">
          <Title order={2} fz="md" fw={600} c="dimmed" mb="xs" id="accounts-heading">
            {t('integrations.accounts')}
          </Title>
          <Paper withBorder radius="md">
            {status.isPending ? (
              <RowSkeletons />
            ) : status.isError || !integrations ? (
              <Alert color="red" variant="light" m="md" role="alert" c="red.9">
                <Stack gap="xs" align="flex-start">
                  <Text fz="sm">{t('integrations.loadFailed')}</Text>
                  <Button size="xs" variant="default" onClick={() => void status.refetch()}>
                    {t('integrations.retry')}
                  </Button>
                </Stack>
              </Alert>
            ) : (
              <Stack component="ul" gap={0} m={0} p={0} className="divided-list">
                {ROW_PROVIDERS.filter((p) => isRowShown(p, integrations[p])).map((provider) => {
                  const entry: TIntegrationStatus = integrations[provider];
                  const isTarget = provider === reconnectTarget && targetBroken;
                  return (
                    <ProviderRow
                      key={provider}
                      provider={provider}
                      status={entry}
                      loading={connect.pending === provider}
                      highlighted={isTarget}
                      onConnect={() => connect.start(provider)}
                      onDetails={() => setDetailsOf(provider)}
                      {...(isTarget ? { actionRef: targetButton } : {})}
                    />
                  );
                })}
              </Stack>
            )}
          </Paper>
        </section>

        <Paper withBorder radius="md">
          <Stack component="ul" gap={0} m={0} p={0} className="divided-list">
            <ChatRow />
            <PhoneRow onLink={() => setPhoneOpen(true)} />
          </Stack>
        </Paper>

        <Text fz="sm" c="dimmed">
          <IconInfoCircle
            size={16}
            aria-hidden
            style={{ verticalAlign: 'text-bottom', marginInlineEnd: 4 }}
          />
          <Anchor component={Link} to={paths.appleGuide} fz="sm">
            {t('footer.appleGuide')}
          </Anchor>
        </Text>
      </Stack>
      <PageEndToasts />

      <ConnectionDetails
        provider={detailsOf}
        status={detailsOf && integrations ? integrations[detailsOf] : null}
        onClose={() => setDetailsOf(null)}
        onDisconnect={disconnect.ask}
      />
      <DisconnectConfirm
        providerName={disconnect.asking ? t(`integrations.providers.${disconnect.asking}`) : null}
        loading={disconnect.loading}
        onCancel={disconnect.cancel}
        onConfirm={disconnect.confirm}
      />
      <AppleModal
        opened={connect.appleOpen}
        onClose={connect.closeApple}
        appleId={integrations?.apple.email}
      />
      <PhoneLinkModal opened={phoneOpen} onClose={() => setPhoneOpen(false)} />
    </Container>
  );
}

function RowSkeletons() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" p="md" role="status" aria-label={t('common.loading')}>
      {[0, 1, 2].map((i) => (
        // As tall as a loaded row (two lines of text on a phone, one on a wider screen).
        <Skeleton key={i} h={{ base: 68, sm: 53 }} radius="md" />
      ))}
    </Stack>
  );
}
