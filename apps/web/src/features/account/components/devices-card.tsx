import type { TAccountSession } from '@app/contract/account/sessions';
import { TOAST_MS } from '@app/contract/constants';
import { Badge, Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Facts } from '@/components/facts';
import { LoadFailed, RowSkeletons } from '@/components/query-states';
import { SectionCard } from '@/components/section-card';
import { errorText } from '@/lib/error-text';
import { formatDate } from '@/lib/format';
import { showToast } from '@/lib/toast';
import { useSessions } from '../api/list-sessions';
import { useRevokeOtherSessions } from '../api/revoke-other-sessions';
import { useRevokeSession } from '../api/revoke-session';
import { DEVICE_ICONS, deviceName, methodLabel } from '../utils/device';
import { formatSince } from '../utils/format';
import classes from './account.module.css';

/** This device first, then the others, the most recently active first. */
function byRecency(a: TAccountSession, b: TAccountSession): number {
  if (a.current !== b.current) return a.current ? -1 : 1;
  return Date.parse(b.lastSeenAt) - Date.parse(a.lastSeenAt);
}

/**
 * Every live session of the account. Any other one can be signed out, one by one or all at
 * once; this one is not offered here (the normal Log out does that).
 */
export function DevicesCard() {
  const { t } = useTranslation('account');
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const list = sessions.data ? [...sessions.data.sessions].sort(byRecency) : [];
  const others = list.filter((session) => !session.current).length;

  const signOut = (id: string) =>
    revoke.mutate(id, {
      onSuccess: () => showToast('green', t('devices.signedOut'), TOAST_MS.default),
      onError: (error) => showToast('red', errorText(error, t('devices.signOutFailed')), TOAST_MS.long),
    });

  const signOutOthers = () =>
    revokeOthers.mutate(undefined, {
      onSuccess: ({ revoked }) =>
        showToast('green', t('devices.othersSignedOut', { count: revoked }), TOAST_MS.default),
      onError: (error) => showToast('red', errorText(error, t('devices.othersFailed')), TOAST_MS.long),
    });

  return (
    <SectionCard
      title={t('devices.title')}
      description={t('devices.description')}
      action={
        sessions.data ? (
          <Button
            variant="default"
            size="sm"
            leftSection={<IconLogout size={16} aria-hidden />}
            disabled={others === 0}
            loading={revokeOthers.isPending}
            onClick={signOutOthers}
          >
            {t('devices.signOutOthers')}
          </Button>
        ) : null
      }
    >
      {sessions.isPending ? (
        // As tall as the list of one device (this one) with its button.
        <RowSkeletons rows={2} height={{ base: 73, sm: 60 }} />
      ) : sessions.isError ? (
        <LoadFailed text={t('devices.loadFailed')} onRetry={() => void sessions.refetch()} />
      ) : (
        <>
          <ul className={classes.rows}>
            {list.map((session) => (
              <SessionRow
                key={session.id}
                session={session}
                pending={revoke.isPending && revoke.variables === session.id}
                onSignOut={() => signOut(session.id)}
              />
            ))}
          </ul>
          {others === 0 ? (
            <Text fz="sm" c="dimmed">
              {t('devices.onlyThis')}
            </Text>
          ) : null}
        </>
      )}
    </SectionCard>
  );
}

function SessionRow({
  session,
  pending,
  onSignOut,
}: {
  session: TAccountSession;
  pending: boolean;
  onSignOut: () => void;
}) {
  const { t, i18n } = useTranslation('account');
  const language = i18n.resolvedLanguage;
  const Icon = DEVICE_ICONS[session.device.type];
  const name = deviceName(session.device, t);
  const since = session.current ? null : formatSince(session.lastSeenAt, language);
  return (
    <li>
      <Group wrap="nowrap" align="flex-start" gap="md">
        <ThemeIcon variant="light" color="gray" size={40} radius="md" aria-hidden>
          <Icon size={22} stroke={1.6} />
        </ThemeIcon>
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Text>
            {session.current ? (
              <Badge color="teal.9" variant="filled" tt="none">
                {t('devices.thisDevice')}
              </Badge>
            ) : null}
          </Group>
          <Facts
            fz="sm"
            items={[
              methodLabel(session.method, t),
              ...(session.network ? [t('network', { network: session.network })] : []),
            ]}
          />
          <Facts
            fz="sm"
            items={[
              <time key="created" dateTime={session.createdAt}>
                {t('devices.signedIn', { date: formatDate(session.createdAt, language) })}
              </time>,
              <time key="seen" dateTime={session.lastSeenAt}>
                {since ? t('devices.lastActive', { when: since }) : t('devices.activeNow')}
              </time>,
            ]}
          />
        </Stack>
        {session.current ? null : (
          <Button
            variant="default"
            size="xs"
            loading={pending}
            onClick={onSignOut}
            aria-label={t('devices.signOutLabel', { device: name })}
            style={{ flexShrink: 0 }}
          >
            {t('devices.signOut')}
          </Button>
        )}
      </Group>
    </li>
  );
}
