import type { TDevPhoneMessage } from '@app/contract/dev/sms-inbound';
import { Alert, Loader, Stack, Text } from '@mantine/core';
import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ChatBubble, ChatBubbles } from '@/components/chat-bubbles';
import { PageLoader } from '@/components/page-loader';
import { intlLocale } from '@/lib/format';
import classes from './phone-page.module.css';

const KNOWN_STATUSES = ['queued', 'sent', 'delivered', 'failed', 'suppressed'] as const;
/** Within this distance of the end, the chat follows new texts; further up, the reader is reading. */
const FOLLOW_PX = 48;

export interface PhoneChatProps {
  /** The conversation's name for screen readers: the person and number, or just the number. */
  label: string;
  state:
    | { kind: 'no-phone' }
    | { kind: 'loading' }
    | { kind: 'error'; message: string }
    | { kind: 'ready'; messages: TDevPhoneMessage[]; replying: boolean; linked: boolean };
}

/** Today's texts show their time; older ones their day too, as a phone's messages app does. */
function useTimeFormat() {
  const { i18n } = useTranslation();
  const locale = intlLocale(i18n.resolvedLanguage);
  const time = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' });
  const dayAndTime = new Intl.DateTimeFormat(locale, {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
  const today = new Date().toDateString();
  return (iso: string) => {
    const date = new Date(iso);
    return (date.toDateString() === today ? time : dayAndTime).format(date);
  };
}

/** The simulated phone's messages: the person's texts on the right, the assistant's on the left. */
export function PhoneChat({ label, state }: PhoneChatProps) {
  const { t } = useTranslation('dev');
  const formatTime = useTimeFormat();
  const scroller = useRef<HTMLDivElement>(null);
  const following = useRef(true);
  const count = state.kind === 'ready' ? state.messages.length : 0;
  const replying = state.kind === 'ready' && state.replying;

  // A new text scrolls into view unless the reader has scrolled up to read older ones; one the
  // person has just sent always does (they are waiting for its answer).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the count or the indicator changes, by design
  useLayoutEffect(() => {
    const element = scroller.current;
    if (replying) following.current = true;
    if (element && following.current) element.scrollTop = element.scrollHeight;
  }, [count, replying]);

  let content: React.ReactNode;
  if (state.kind === 'no-phone') content = <Text c="dimmed">{t('phone.pickFirst')}</Text>;
  else if (state.kind === 'loading') content = <PageLoader />;
  else if (state.kind === 'error') content = <Alert color="red">{state.message}</Alert>;
  else
    content = (
      <>
        {state.linked ? null : (
          <Text c="dimmed" fz="xs" ta="center" mb="sm">
            {t('phone.unknownNumber')}
          </Text>
        )}
        {state.messages.length === 0 ? (
          <Stack gap={4} mt="md">
            <Text fw={600}>{t('phone.emptyTitle')}</Text>
            <Text c="dimmed" fz="sm">
              {t('phone.empty')}
            </Text>
          </Stack>
        ) : null}
        <ChatBubbles>
          {state.messages.map((message) => {
            const status =
              message.direction === 'out' && message.status
                ? (KNOWN_STATUSES as readonly string[]).includes(message.status)
                  ? t(`phone.status.${message.status as (typeof KNOWN_STATUSES)[number]}`)
                  : message.status
                : null;
            return (
              <ChatBubble
                key={message.id}
                direction={message.direction}
                speaker={message.direction === 'in' ? t('phone.you') : t('phone.assistant')}
                testId={`phone-message-${message.direction}`}
                meta={
                  <>
                    {message.channel === 'whatsapp' ? `${t('phone.whatsapp')} · ` : null}
                    <time dateTime={message.createdAt}>{formatTime(message.createdAt)}</time>
                    {status ? ` · ${status}` : null}
                    {message.unanswered ? ` · ${t(`phone.unanswered.${message.unanswered}`)}` : null}
                  </>
                }
              >
                {message.body}
              </ChatBubble>
            );
          })}
          {state.replying ? (
            <ChatBubble direction="out" meta={t('phone.replying')}>
              <Loader type="dots" size="xs" color="gray.6" aria-hidden />
            </ChatBubble>
          ) : null}
        </ChatBubbles>
      </>
    );

  return (
    // A log: new texts are read out as they arrive.
    <div
      ref={scroller}
      className={classes.chat}
      role="log"
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must be reachable by keyboard to scroll it (WCAG 2.1.1)
      tabIndex={0}
      onScroll={(event) => {
        const element = event.currentTarget;
        following.current = element.scrollHeight - element.scrollTop - element.clientHeight < FOLLOW_PX;
      }}
    >
      {content}
    </div>
  );
}
