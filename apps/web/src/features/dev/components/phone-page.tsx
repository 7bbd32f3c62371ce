import '@/lib/zod-config';
import { ZDevPhoneQuery } from '@app/contract/dev/sms-inbound';
import { Alert, Anchor, Group, NativeSelect, SimpleGrid, TextInput, Title } from '@mantine/core';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { useDocumentTitle } from '@/lib/use-document-title';
import { FAST_POLL_MS, POLL_MS, usePhoneConversation } from '../api/get-phone-conversation';
import { usePhoneNumbers } from '../api/get-phone-numbers';
import { useViewportTop } from '../hooks/use-viewport-top';
import { PhoneChat, type PhoneChatProps } from './phone-chat';
import { PhoneComposer } from './phone-composer';
import classes from './phone-page.module.css';
import { SampleWorldControl } from './sample-world-control';
import { SchedulingReplyControl } from './scheduling-reply-control';

/** A stand-in model answers at once; a real one may think for a while. Past this, stop waiting visibly. */
const REPLY_WAIT_MS = 30_000;

/** What a person types as a number ("+61 412 345 678"), as E.164, or null while it is not one. */
function toE164(typed: string): string | null {
  const compact = typed.replace(/[\s().-]/g, '');
  return ZDevPhoneQuery.shape.phone.safeParse(compact).success ? compact : null;
}

const isMissing = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * The simulated phone (issue 21): text the assistant as if from a linked number and read its
 * replies, without Twilio. Its routes exist only while SMS is a local stand-in.
 */
export function PhonePage() {
  const { t } = useTranslation('dev');
  useDocumentTitle(t('phone.title'));
  const titleId = useId();
  const [viewport, top] = useViewportTop<HTMLDivElement>();
  const [params, setParams] = useSearchParams();
  const [typed, setTyped] = useState(() => params.get('phone') ?? '');
  const [typedDone, setTypedDone] = useState(false);
  const phone = toE164(typed);

  useEffect(() => {
    // The chosen number lives in the address, so a reload or a shared link opens the same chat.
    if (phone && params.get('phone') !== phone) setParams({ phone }, { replace: true });
  }, [phone, params, setParams]);

  // The text just sent, while its answer is awaited: polling is quicker and a "replying" row shows.
  const [awaiting, setAwaiting] = useState<{ phone: string; id: string } | null>(null);
  const awaitingId = awaiting && awaiting.phone === phone ? awaiting.id : null;
  useEffect(() => {
    if (!awaiting) return;
    const timer = setTimeout(() => setAwaiting(null), REPLY_WAIT_MS);
    return () => clearTimeout(timer);
  }, [awaiting]);

  const numbers = usePhoneNumbers();
  const conversation = usePhoneConversation(phone, awaitingId ? FAST_POLL_MS : POLL_MS);
  const messages = conversation.data ?? [];
  // Ids sort in time order, so any reply with a later id answers the text awaited; a text the
  // assistant will not answer (no plan, allowance used up, STOP...) says so instead.
  const answered =
    awaitingId !== null &&
    messages.some(
      (message) =>
        (message.direction === 'out' && message.id > awaitingId) ||
        (message.id === awaitingId && Boolean(message.unanswered)),
    );
  useEffect(() => {
    if (answered) setAwaiting(null);
  }, [answered]);

  const linked = numbers.data?.numbers.find((number) => number.phone === phone);
  const unavailable = isMissing(numbers.error) || isMissing(conversation.error);

  let chat: PhoneChatProps['state'];
  if (phone === null) chat = { kind: 'no-phone' };
  else if (conversation.isPending) chat = { kind: 'loading' };
  else if (conversation.isError && !conversation.data)
    chat = { kind: 'error', message: errorText(conversation.error) };
  else
    chat = { kind: 'ready', messages, replying: awaitingId !== null && !answered, linked: Boolean(linked) };

  let body: React.ReactNode;
  if (unavailable)
    body = (
      <div className={classes.chat}>
        <Alert color="gray">{t('phone.unavailable')}</Alert>
      </div>
    );
  else if (numbers.isPending)
    body = (
      <div className={classes.chat}>
        <PageLoader />
      </div>
    );
  else
    body = (
      <>
        <PhoneChat
          label={t('phone.conversation', {
            who: linked?.name ? `${linked.name} (${linked.phone})` : (phone ?? typed),
          })}
          state={chat}
        />
        <PhoneComposer phone={phone} onSent={(id) => phone && setAwaiting({ phone, id })} />
      </>
    );

  const choices = numbers.data?.numbers ?? [];
  return (
    <div
      ref={viewport}
      className={classes.page}
      style={{ '--viewport-top': `${top}px` } as React.CSSProperties}
    >
      <section className={classes.phone} aria-labelledby={titleId}>
        <div className={classes.top}>
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Title order={1} fz={20} id={titleId}>
              {t('phone.title')}
            </Title>
            <Anchor component={Link} to={paths.devOutbox} fz="sm">
              {t('phone.openOutbox')}
            </Anchor>
          </Group>
          {unavailable ? null : (
            <SimpleGrid cols={2} spacing="xs" mt="xs">
              <NativeSelect
                label={t('phone.numberLabel')}
                size="sm"
                value={linked ? linked.phone : ''}
                disabled={choices.length === 0}
                onChange={(event) => {
                  setTyped(event.currentTarget.value);
                  setTypedDone(false);
                }}
                data={[
                  {
                    value: '',
                    label:
                      numbers.isSuccess && choices.length === 0
                        ? t('phone.noNumbers')
                        : t('phone.numberPlaceholder'),
                    disabled: true,
                  },
                  ...choices.map((number) => ({
                    value: number.phone,
                    label: number.name
                      ? t('phone.numberOption', { name: number.name, phone: number.phone })
                      : number.phone,
                  })),
                ]}
              />
              <TextInput
                label={t('phone.typedLabel')}
                size="sm"
                placeholder={t('phone.typedPlaceholder')}
                value={typed}
                onChange={(event) => {
                  setTyped(event.currentTarget.value);
                  setTypedDone(false);
                }}
                onBlur={() => setTypedDone(true)}
                error={
                  typedDone && typed.trim() !== '' && phone === null ? t('phone.typedInvalid') : undefined
                }
                inputMode="tel"
                autoComplete="off"
              />
            </SimpleGrid>
          )}
          {!unavailable && linked ? (
            <SampleWorldControl key={linked.phone} phone={linked.phone} language={linked.language} />
          ) : null}
          {!unavailable && linked ? <SchedulingReplyControl key={linked.phone} phone={linked.phone} /> : null}
        </div>
        {body}
      </section>
    </div>
  );
}
