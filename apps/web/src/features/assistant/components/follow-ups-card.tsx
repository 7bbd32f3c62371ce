import type { TFollowUp } from '@app/contract/assistant/follow-ups';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LoadFailed, RowSkeletons } from '@/components/query-states';
import { SectionCard } from '@/components/section-card';
import { useCancelFollowUp, useFollowUps } from '../api/follow-ups';
import { useAssistantClock } from '../utils/time';
import classes from './assistant.module.css';

/**
 * The follow-ups on mail still waiting (issue 30): who is expected to answer, about what, since
 * when and the nudge's time; each can be cancelled. They are set by text only.
 */
export function FollowUpsCard() {
  const { t } = useTranslation('assistant');
  const followUps = useFollowUps();
  const list = followUps.data?.followUps ?? [];
  return (
    <SectionCard title={t('followUps.title')} description={t('followUps.description')}>
      {followUps.isPending ? (
        <RowSkeletons rows={1} height={48} />
      ) : followUps.isError && !followUps.data ? (
        <LoadFailed text={t('followUps.loadFailed')} onRetry={() => void followUps.refetch()} />
      ) : list.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {t('followUps.empty')}
        </Text>
      ) : (
        <ul className={classes.rows}>
          {list.map((followUp) => (
            <FollowUpRow key={followUp.id} followUp={followUp} />
          ))}
        </ul>
      )}
    </SectionCard>
  );
}

function FollowUpRow({ followUp }: { followUp: TFollowUp }) {
  const { t } = useTranslation('assistant');
  const clock = useAssistantClock();
  const cancel = useCancelFollowUp();
  const who = followUp.waitingFor ?? t('followUps.someone');
  return (
    <li>
      <Group wrap="nowrap" align="flex-start" gap="sm" justify="space-between">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fz="sm" fw={600}>
            {t('followUps.waitingFor', { who, subject: followUp.subject })}
          </Text>
          <Text fz="xs" c="dimmed">
            {followUp.deadlineAt
              ? t('followUps.nudgeAt', { when: clock.dateTime(followUp.deadlineAt) })
              : t('followUps.noDeadline')}
          </Text>
        </Stack>
        <Button
          variant="subtle"
          color="red"
          size="compact-sm"
          loading={cancel.isPending}
          aria-label={t('followUps.cancelLabel', { who, subject: followUp.subject })}
          onClick={() => cancel.mutate(followUp.id)}
        >
          {t('followUps.cancel')}
        </Button>
      </Group>
    </li>
  );
}
