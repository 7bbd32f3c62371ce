import type { TSecurityEvent, TSecurityEventKind } from '@app/contract/account/activity';
import { Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCreditCard,
  IconDownload,
  IconLogin,
  IconLogout,
  IconPhone,
  IconPlugConnected,
  IconPlugConnectedX,
  IconPlugX,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Facts } from '@/components/facts';
import { LoadFailed, RowSkeletons } from '@/components/query-states';
import { SectionCard } from '@/components/section-card';
import { formatDateTime } from '@/lib/format';
import { useActivity } from '../api/get-activity';
import { eventSentence } from '../utils/activity';
import { deviceName } from '../utils/device';
import classes from './account.module.css';

/** How many events show before "Show all". */
export const ACTIVITY_PREVIEW = 8;

const ICONS: Record<TSecurityEventKind, typeof IconLogin> = {
  sign_in: IconLogin,
  code_failed: IconAlertTriangle,
  connection_added: IconPlugConnected,
  connection_repaired: IconPlugConnected,
  connection_broken: IconPlugConnectedX,
  connection_removed: IconPlugX,
  phone_linked: IconPhone,
  plan_changed: IconCreditCard,
  data_exported: IconDownload,
  session_revoked: IconLogout,
  sessions_revoked: IconLogout,
};

/** What may need the person's attention stands out in colour (besides the words). */
const WARNINGS: readonly TSecurityEventKind[] = ['code_failed', 'connection_broken'];

const newestFirst = (a: TSecurityEvent, b: TSecurityEvent) =>
  Date.parse(b.createdAt) - Date.parse(a.createdAt);

/** The account's recent security events, newest first, each told as one sentence. */
export function ActivityCard() {
  const { t } = useTranslation('account');
  const activity = useActivity();
  const [showAll, setShowAll] = useState(false);
  const events = activity.data ? [...activity.data.events].sort(newestFirst) : [];
  const shown = showAll ? events : events.slice(0, ACTIVITY_PREVIEW);

  return (
    <SectionCard title={t('activity.title')} description={t('activity.description')}>
      {activity.isPending ? (
        <RowSkeletons rows={3} height={44} />
      ) : activity.isError ? (
        <LoadFailed text={t('activity.loadFailed')} onRetry={() => void activity.refetch()} />
      ) : events.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {t('activity.empty')}
        </Text>
      ) : (
        <>
          <ul className={classes.rows}>
            {shown.map((event) => (
              <EventRow key={event.id} event={event} />
            ))}
          </ul>
          {events.length > ACTIVITY_PREVIEW ? (
            <Button
              variant="subtle"
              size="sm"
              onClick={() => setShowAll((all) => !all)}
              aria-expanded={showAll}
              style={{ alignSelf: 'flex-start' }}
            >
              {showAll ? t('activity.showFewer') : t('activity.showAll', { count: events.length })}
            </Button>
          ) : null}
        </>
      )}
    </SectionCard>
  );
}

function EventRow({ event }: { event: TSecurityEvent }) {
  const { t, i18n } = useTranslation('account');
  const Icon = ICONS[event.kind];
  const warning = WARNINGS.includes(event.kind);
  return (
    <li>
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <ThemeIcon variant="light" color={warning ? 'orange' : 'gray'} size={32} radius="md" aria-hidden>
          <Icon size={18} stroke={1.6} />
        </ThemeIcon>
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Text fz="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
            {eventSentence(event, t)}
          </Text>
          <Facts
            fz="xs"
            items={[
              <time key="at" dateTime={event.createdAt}>
                {formatDateTime(event.createdAt, i18n.resolvedLanguage)}
              </time>,
              ...(event.device ? [deviceName(event.device, t)] : []),
              ...(event.network ? [t('network', { network: event.network })] : []),
            ]}
          />
        </Stack>
      </Group>
    </li>
  );
}
