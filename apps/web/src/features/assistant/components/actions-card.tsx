import type { TAssistantApproval } from '@app/contract/assistant/screen';
import { Badge, Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Facts } from '@/components/facts';
import { LoadFailed, RowSkeletons } from '@/components/query-states';
import { SectionCard } from '@/components/section-card';
import { useAssistantActions } from '../api/list-assistant-actions';
import { useAssistantClock } from '../utils/time';
import { ApprovalFacts } from './approval-facts';
import classes from './assistant.module.css';
import { KIND_ICONS } from './kind-icons';

const STATUS_COLORS: Partial<Record<TAssistantApproval['status'], string>> = {
  done: 'teal.9',
  failed: 'red.9',
};

/** What the assistant did on the person's behalf, newest first, each with its approval. */
export function ActionsCard() {
  const { t } = useTranslation('assistant');
  const actions = useAssistantActions();
  const list = actions.data?.pages.flatMap((page) => page.actions) ?? [];
  const seen = new Set<string>();
  const unique = list.filter((action) => !seen.has(action.id) && seen.add(action.id));

  return (
    <SectionCard title={t('actions.title')} description={t('actions.description')}>
      {actions.isPending ? (
        <RowSkeletons rows={2} height={56} />
      ) : actions.isError && !actions.data ? (
        <LoadFailed text={t('actions.loadFailed')} onRetry={() => void actions.refetch()} />
      ) : unique.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {t('actions.empty')}
        </Text>
      ) : (
        <>
          <ul className={classes.rows}>
            {unique.map((action) => (
              <ActionRow key={action.id} action={action} />
            ))}
          </ul>
          {actions.hasNextPage ? (
            <Button
              variant="subtle"
              size="sm"
              style={{ alignSelf: 'flex-start' }}
              aria-busy={actions.isFetchingNextPage}
              onClick={() => {
                if (!actions.isFetchingNextPage) void actions.fetchNextPage();
              }}
            >
              {t('actions.showMore')}
            </Button>
          ) : null}
        </>
      )}
    </SectionCard>
  );
}

function ActionRow({ action }: { action: TAssistantApproval }) {
  const { t } = useTranslation('assistant');
  const clock = useAssistantClock();
  const Icon = KIND_ICONS[action.kind];
  const failed = action.status === 'failed';
  const at = action.decidedAt ?? action.createdAt;
  const via =
    action.decidedVia === 'sms'
      ? t('actions.viaSms')
      : action.decidedVia === 'web'
        ? t('actions.viaWeb')
        : null;
  return (
    <li>
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <ThemeIcon variant="light" color={failed ? 'red' : 'gray'} size={36} radius="md" aria-hidden>
          <Icon size={20} stroke={1.6} />
        </ThemeIcon>
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" wrap="wrap" align="center">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {action.title}
            </Text>
            <Badge
              size="sm"
              tt="none"
              variant={STATUS_COLORS[action.status] ? 'filled' : 'light'}
              color={STATUS_COLORS[action.status] ?? 'gray'}
            >
              {t(`actions.status.${action.status}`)}
            </Badge>
          </Group>
          <Text fz="xs" fw={600} c="dimmed">
            {t(`kinds.${action.kind}`)}
          </Text>
          <ApprovalFacts approval={action} fz="sm" />
          {failed && action.error ? (
            <Text fz="sm" c="red.9" style={{ overflowWrap: 'anywhere' }}>
              {t('actions.reason', { reason: action.error })}
            </Text>
          ) : null}
          <Facts
            fz="xs"
            items={[
              <time key="at" dateTime={at}>
                {clock.dateTime(at)}
              </time>,
              ...(via ? [via] : []),
            ]}
          />
        </Stack>
      </Group>
    </li>
  );
}
