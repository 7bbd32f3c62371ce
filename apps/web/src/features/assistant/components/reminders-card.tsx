import type { TReminder } from '@app/contract/assistant/reminders';
import { Badge, Button, Group, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import { IconBell, IconRepeat } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed, RowSkeletons } from '@/components/query-states';
import { SectionCard } from '@/components/section-card';
import { formatDateTime } from '@/lib/format';
import { useCancelReminder, useMoveReminder, useReminders } from '../api/reminders';
import classes from './assistant.module.css';

/**
 * Issue 30: the reminders and routines the person set by text, soonest first, each cancelled or
 * moved here. Setting one stays a text, where the asking words are kept.
 */
export function RemindersCard() {
  const { t } = useTranslation('assistant');
  const reminders = useReminders();
  const list = reminders.data?.reminders ?? [];
  return (
    <SectionCard title={t('reminders.title')} description={t('reminders.description')}>
      {reminders.isPending ? (
        <RowSkeletons rows={2} height={56} />
      ) : reminders.isError && !reminders.data ? (
        <LoadFailed text={t('reminders.loadFailed')} onRetry={() => void reminders.refetch()} />
      ) : list.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {t('reminders.empty')}
        </Text>
      ) : (
        <ul className={classes.rows}>
          {list.map((reminder) => (
            <ReminderRow key={reminder.id} reminder={reminder} />
          ))}
        </ul>
      )}
    </SectionCard>
  );
}

/** Known rules in words; anything else is "Repeats". */
function repeatKey(rrule: string): string {
  if (rrule === 'FREQ=DAILY') return 'daily';
  if (rrule === 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR') return 'weekdays';
  if (rrule.startsWith('FREQ=WEEKLY')) return 'weekly';
  if (rrule.startsWith('FREQ=MONTHLY')) return 'monthly';
  return 'other';
}

function ReminderRow({ reminder }: { reminder: TReminder }) {
  const { t, i18n } = useTranslation('assistant');
  const cancel = useCancelReminder();
  const move = useMoveReminder();
  const [editing, setEditing] = useState(false);
  const [at, setAt] = useState(reminder.next ?? '');
  const Icon = reminder.kind === 'routine' ? IconRepeat : IconBell;
  // `next` is a wall-clock time in the reminder's zone: shown as written, whatever the browser's zone.
  const next = reminder.next ? formatDateTime(`${reminder.next}:00Z`, i18n.resolvedLanguage, 'UTC') : null;
  const error = (cancel.error ?? move.error)?.message;
  return (
    <li>
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <ThemeIcon variant="light" color="gray" size={36} radius="md" aria-hidden>
          <Icon size={20} stroke={1.6} />
        </ThemeIcon>
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" wrap="wrap" align="center">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {reminder.what}
            </Text>
            {reminder.rrule ? (
              <Badge size="sm" tt="none" variant="light" color="gray">
                {t(`reminders.repeat.${repeatKey(reminder.rrule)}`)}
              </Badge>
            ) : null}
            {reminder.action === 'agent' ? (
              <Badge size="sm" tt="none" variant="light" color="blue.9">
                {t('reminders.runsAssistant')}
              </Badge>
            ) : null}
          </Group>
          {next ? (
            <Text fz="sm" c="dimmed">
              {t('reminders.next', { when: next, zone: reminder.zone })}
            </Text>
          ) : null}
          {editing ? (
            <form
              onSubmit={(event) => {
                event.preventDefault();
                move.mutate({ id: reminder.id, at }, { onSuccess: () => setEditing(false) });
              }}
            >
              <Group gap="xs" align="flex-end" wrap="wrap">
                <TextInput
                  type="datetime-local"
                  label={t('reminders.newTime')}
                  value={at}
                  onChange={(event) => setAt(event.currentTarget.value.slice(0, 16))}
                  required
                  style={{ minWidth: 0, flex: '1 1 12rem' }}
                />
                <Button type="submit" size="sm" loading={move.isPending}>
                  {t('reminders.save')}
                </Button>
                <Button variant="subtle" size="sm" onClick={() => setEditing(false)}>
                  {t('reminders.keep')}
                </Button>
              </Group>
            </form>
          ) : (
            <Group gap="xs">
              <Button variant="light" size="xs" onClick={() => setEditing(true)}>
                {t('reminders.changeTime')}
              </Button>
              <Button
                variant="default"
                size="xs"
                loading={cancel.isPending}
                onClick={() => cancel.mutate(reminder.id)}
                aria-label={t('reminders.cancelLabel', { what: reminder.what })}
              >
                {t('reminders.cancel')}
              </Button>
            </Group>
          )}
          {error ? (
            <Text fz="sm" c="red.9" role="alert">
              {error}
            </Text>
          ) : null}
        </Stack>
      </Group>
    </li>
  );
}
