import type { TSchedulingReplyRequest } from '@app/contract/dev/sample-world';
import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { useOpenSchedulingRequest, useSchedulingReply } from '../api/scheduling-reply';

type Answer = TSchedulingReplyRequest['answer'];

/**
 * The sample person answers the linked person's latest scheduling request (issue 32 point 7,
 * decision 572): pick slot 1, 2 or 3, propose another time, or decline, in the request's
 * thread. Shown only while a request waits on answers.
 */
export function SchedulingReplyControl({ phone }: { phone: string }) {
  const { t } = useTranslation('dev');
  const open = useOpenSchedulingRequest(phone);
  const reply = useSchedulingReply(phone);
  const request = open.data?.request;
  if (!request && !reply.isSuccess && !reply.isError) return null;

  const send = (answer: Answer) => {
    if (!request) return;
    reply.mutate({ phone, requestId: request.id, answer });
  };
  const picks = Array.from({ length: Math.min(request?.slots ?? 0, 3) }, (_, i) => i + 1);
  const status = reply.isSuccess
    ? t('scheduling.sent', { text: reply.data.text ?? '' })
    : reply.isError
      ? reply.error instanceof ApiError && reply.error.status === 404
        ? t('scheduling.notFound')
        : errorText(reply.error)
      : '';

  return (
    <section aria-label={t('scheduling.label')}>
      {request ? (
        <>
          <Text size="xs" fw={600} mt="xs">
            {t('scheduling.heading', { who: request.who, title: request.title })}
          </Text>
          <Group gap={6} mt={4}>
            {picks.map((slot) => (
              <Button
                key={slot}
                size="compact-xs"
                variant="light"
                disabled={reply.isPending}
                onClick={() => send({ kind: 'pick', slot })}
              >
                {t('scheduling.pick', { slot })}
              </Button>
            ))}
            <Button
              size="compact-xs"
              variant="light"
              disabled={reply.isPending}
              onClick={() => send({ kind: 'other_time' })}
            >
              {t('scheduling.otherTime')}
            </Button>
            <Button
              size="compact-xs"
              variant="light"
              color="red"
              disabled={reply.isPending}
              onClick={() => send({ kind: 'decline' })}
            >
              {t('scheduling.decline')}
            </Button>
          </Group>
        </>
      ) : null}
      <Text size="xs" c={reply.isError ? 'red' : 'dimmed'} role="status" mt={4} mih={18}>
        {status}
      </Text>
    </section>
  );
}
