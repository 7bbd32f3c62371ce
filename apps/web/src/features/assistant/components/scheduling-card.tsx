import type {
  TSchedulingAttendee,
  TSchedulingRequest,
  TSchedulingSlot,
} from '@app/contract/assistant/scheduling';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed, RowSkeletons } from '@/components/query-states';
import { SectionCard } from '@/components/section-card';
import { intlLocale } from '@/lib/format';
import { useCancelSchedulingRequest, useSchedulingRequests } from '../api/scheduling';
import { useAssistantClock } from '../utils/time';
import classes from './assistant.module.css';

/**
 * Scheduling with other people (issue 32 point 6, decision 571): each request in progress or
 * finished lately, who was asked and what each answered, the numbered slots in the assistant's
 * zone, where it stands in words, and a Cancel that asks before it withdraws the request.
 */
export function SchedulingCard() {
  const { t } = useTranslation('assistant');
  const requests = useSchedulingRequests();
  const list = requests.data?.requests ?? [];
  return (
    <SectionCard title={t('scheduling.title')} description={t('scheduling.description')}>
      {requests.isPending ? (
        <RowSkeletons rows={1} height={64} />
      ) : requests.isError && !requests.data ? (
        <LoadFailed text={t('scheduling.loadFailed')} onRetry={() => void requests.refetch()} />
      ) : list.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {t('scheduling.empty')}
        </Text>
      ) : (
        <ul className={classes.rows}>
          {list.map((request) => (
            <SchedulingRow key={request.id} request={request} />
          ))}
        </ul>
      )}
    </SectionCard>
  );
}

/** "Tue, Dec 1, 10:00 AM" / "12月1日周二 10:00", in the assistant's zone. */
function useSlotWords() {
  const clock = useAssistantClock();
  const format = new Intl.DateTimeFormat(intlLocale(clock.language), {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: clock.timeZone,
  });
  return (iso: string) => format.format(new Date(iso));
}

const nameOf = (attendee: TSchedulingAttendee) => attendee.name ?? attendee.email;

/** Where the request stands and what happens next, in words. */
function useStatusWords() {
  const { t, i18n } = useTranslation('assistant');
  const when = useSlotWords();
  const list = new Intl.ListFormat(intlLocale(i18n.resolvedLanguage), { type: 'conjunction' });
  return (request: TSchedulingRequest): string => {
    const names = (attendees: TSchedulingAttendee[]) => list.format(attendees.map(nameOf));
    switch (request.status) {
      case 'proposed':
        return t('scheduling.status.proposed');
      case 'asked': {
        const waiting = request.attendees.filter((attendee) => !attendee.answer);
        return t('scheduling.status.asked', { names: names(waiting.length ? waiting : request.attendees) });
      }
      case 'needs_person': {
        const answered = request.attendees.find(
          (attendee) => attendee.answer && attendee.answer.kind !== 'picked',
        );
        const answer = answered?.answer;
        const name = answered ? nameOf(answered) : names(request.attendees);
        if (answer?.kind === 'other_time')
          return t('scheduling.status.otherTime', { name, when: answer.when });
        if (answer?.kind === 'declined') return t('scheduling.status.declined', { name });
        return t('scheduling.status.needsYou', { name });
      }
      case 'booked':
        return request.booked
          ? t('scheduling.status.booked', { when: when(request.booked.start) })
          : t('scheduling.status.booking');
      case 'cancelled':
        return t('scheduling.status.cancelled');
      case 'expired':
        return t('scheduling.status.expired');
    }
  };
}

function answerWords(
  t: (key: string, vars?: Record<string, unknown>) => string,
  attendee: TSchedulingAttendee,
): string {
  const answer = attendee.answer;
  if (!answer) return t('scheduling.answer.none');
  if (answer.kind === 'picked') return t('scheduling.answer.picked', { slot: answer.slot });
  if (answer.kind === 'other_time') return t('scheduling.answer.otherTime', { when: answer.when });
  if (answer.kind === 'declined') return t('scheduling.answer.declined');
  return t('scheduling.answer.unclear');
}

function SchedulingRow({ request }: { request: TSchedulingRequest }) {
  const { t } = useTranslation('assistant');
  const status = useStatusWords();
  const when = useSlotWords();
  const cancel = useCancelSchedulingRequest();
  const [confirming, setConfirming] = useState(false);
  const open = request.cancellable;
  return (
    <li>
      <Stack gap={6}>
        <Group wrap="nowrap" align="flex-start" gap="sm" justify="space-between">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fz="sm" fw={600}>
              {t('scheduling.heading', { title: request.title, minutes: request.durationMinutes })}
            </Text>
            <Text fz="sm" c={open ? undefined : 'dimmed'} data-testid="scheduling-status">
              {status(request)}
            </Text>
          </Stack>
          {open && !confirming ? (
            <Button
              variant="subtle"
              color="red"
              size="compact-sm"
              aria-label={t('scheduling.cancelLabel', { title: request.title })}
              onClick={() => setConfirming(true)}
            >
              {t('scheduling.cancel')}
            </Button>
          ) : null}
        </Group>
        <ul className={classes.plain} aria-label={t('scheduling.askedLabel')}>
          {request.attendees.map((attendee) => (
            <li key={attendee.email}>
              <Text fz="xs">
                {t('scheduling.attendee', { name: nameOf(attendee), answer: answerWords(t, attendee) })}
              </Text>
            </li>
          ))}
        </ul>
        {/* Closed (booked, cancelled, expired): the offer is over, its slots are not listed. */}
        {!open || request.slots.length === 0 ? null : (
          <ol className={classes.plain} aria-label={t('scheduling.slotsLabel')}>
            {request.slots.map((slot: TSchedulingSlot) => (
              <li key={slot.number}>
                <Group gap={6} wrap="nowrap">
                  <Text
                    fz="xs"
                    c={slot.withdrawn ? 'dimmed' : undefined}
                    td={slot.withdrawn ? 'line-through' : undefined}
                  >
                    {t('scheduling.slot', { number: slot.number, when: when(slot.start) })}
                  </Text>
                  {slot.withdrawn ? (
                    <Badge size="xs" variant="light" color="gray">
                      {t('scheduling.withdrawn')}
                    </Badge>
                  ) : null}
                </Group>
              </li>
            ))}
          </ol>
        )}
        {open && confirming ? (
          <Group gap="xs" role="group" aria-label={t('scheduling.confirmLabel', { title: request.title })}>
            <Text fz="sm">{t('scheduling.confirm')}</Text>
            <Button
              color="red.8"
              size="compact-sm"
              loading={cancel.isPending}
              onClick={() => cancel.mutate(request.id, { onSettled: () => setConfirming(false) })}
            >
              {t('scheduling.confirmYes')}
            </Button>
            <Button variant="default" size="compact-sm" onClick={() => setConfirming(false)}>
              {t('scheduling.confirmNo')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </li>
  );
}
