import type { TAssistantMessage } from '@app/contract/assistant/screen';
import { Alert, Button, Text, Title } from '@mantine/core';
import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ChatBubble, ChatBubbles } from '@/components/chat-bubbles';
import { LoadFailed, RowSkeletons } from '@/components/query-states';
import { SectionCard } from '@/components/section-card';
import { conversationOf, useAssistantMessages } from '../api/list-assistant-messages';
import { dayLabel, groupByDay } from '../utils/days';
import { useAssistantClock } from '../utils/time';
import classes from './assistant.module.css';

/** Within this distance of the top, scrolling back asks for the page before. */
const LOAD_EARLIER_PX = 64;
/** Within this distance of the end, the chat follows new texts; further up, the reader is reading. */
const FOLLOW_PX = 48;

const NOTED_KINDS = ['approval', 'briefing', 'reminder', 'greeting', 'notice'] as const;
const NOTED_STATUSES = ['failed', 'suppressed'] as const;

/**
 * The conversation as a chat: the person's texts on the right, the assistant's on the left,
 * newest at the bottom, a separator per day (in the assistant's zone). Scrolling to the top, or
 * the button there, loads the page before; what the reader was looking at stays in place, and
 * keyboard focus stays at the top of the list.
 */
export function ConversationCard() {
  const { t } = useTranslation('assistant');
  const messages = useAssistantMessages();
  const clock = useAssistantClock();
  const list = conversationOf(messages.data?.pages);
  const groups = groupByDay(list, clock.timeZone);
  const scroller = useRef<HTMLDivElement>(null);
  const following = useRef(true);
  const focusStart = useRef(false);
  const loadButton = useRef<HTMLButtonElement>(null);
  // The scroll height and top before older messages arrived, to keep the view where it was.
  const anchor = useRef<{ height: number; top: number } | null>(null);
  const firstId = list[0]?.id;
  const lastId = list.at(-1)?.id;

  const loadEarlier = () => {
    if (!messages.hasNextPage || messages.isFetchingNextPage) return;
    const element = scroller.current;
    if (element) anchor.current = { height: element.scrollHeight, top: element.scrollTop };
    // The button goes once the start is reached: focus moves to the line that replaces it.
    focusStart.current = document.activeElement === loadButton.current;
    void messages.fetchNextPage();
  };
  const startNote = (note: HTMLParagraphElement | null) => {
    if (note && focusStart.current) {
      focusStart.current = false;
      note.focus();
    }
  };

  // Older messages above: the view keeps its place. A new one at the end: it comes into view
  // while the reader is at the end (and on first load).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the first or last message changes, by design
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    if (anchor.current) {
      element.scrollTop = anchor.current.top + (element.scrollHeight - anchor.current.height);
      anchor.current = null;
    } else if (following.current) {
      element.scrollTop = element.scrollHeight;
    }
  }, [firstId, lastId]);

  let body: React.ReactNode;
  if (messages.isPending) body = <RowSkeletons rows={3} height={48} />;
  else if (messages.isError && !messages.data)
    body = <LoadFailed text={t('conversation.loadFailed')} onRetry={() => void messages.refetch()} />;
  else if (list.length === 0)
    body = (
      <Text fz="sm" c="dimmed">
        {t('conversation.empty')}
      </Text>
    );
  else
    body = (
      <div
        ref={scroller}
        className={classes.chat}
        role="log"
        aria-label={t('conversation.label')}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must be reachable by keyboard to scroll it (WCAG 2.1.1)
        tabIndex={0}
        onScroll={(event) => {
          const element = event.currentTarget;
          following.current = element.scrollHeight - element.scrollTop - element.clientHeight < FOLLOW_PX;
          if (element.scrollTop < LOAD_EARLIER_PX) loadEarlier();
        }}
      >
        <div className={classes.chatTop}>
          {messages.hasNextPage ? (
            <Button
              ref={loadButton}
              variant="subtle"
              size="xs"
              aria-busy={messages.isFetchingNextPage}
              onClick={loadEarlier}
            >
              {messages.isFetchingNextPage ? t('conversation.loadingEarlier') : t('conversation.loadEarlier')}
            </Button>
          ) : (
            <Text ref={startNote} fz="xs" c="dimmed" tabIndex={-1} className={classes.startNote}>
              {t('conversation.start')}
            </Text>
          )}
          {messages.isFetchNextPageError ? (
            <Alert color="red" variant="light" c="red.9" p="xs" role="alert">
              {t('conversation.earlierFailed')}
            </Alert>
          ) : null}
        </div>
        {groups.map((group) => (
          <section key={group.day} aria-labelledby={`day-${group.day}`} className={classes.day}>
            <Title order={3} id={`day-${group.day}`} className={classes.dayLabel}>
              {dayLabel(
                group.day,
                { now: Date.now(), timeZone: clock.timeZone, language: clock.language },
                { today: t('conversation.today'), yesterday: t('conversation.yesterday') },
              )}
            </Title>
            <ChatBubbles>
              {group.messages.map((message) => (
                <Message key={message.id} message={message} time={clock.time(message.createdAt)} />
              ))}
            </ChatBubbles>
          </section>
        ))}
      </div>
    );

  return (
    <SectionCard title={t('conversation.title')} description={t('conversation.description')}>
      {body}
    </SectionCard>
  );
}

function Message({ message, time }: { message: TAssistantMessage; time: string }) {
  const { t } = useTranslation('assistant');
  const kind = (NOTED_KINDS as readonly string[]).includes(message.kind)
    ? t(`conversation.kind.${message.kind as (typeof NOTED_KINDS)[number]}`)
    : null;
  const status = (NOTED_STATUSES as readonly (string | null)[]).includes(message.status)
    ? t(`conversation.status.${message.status as (typeof NOTED_STATUSES)[number]}`)
    : null;
  return (
    <ChatBubble
      direction={message.direction}
      speaker={message.direction === 'in' ? t('conversation.you') : t('conversation.assistant')}
      meta={
        <>
          <time dateTime={message.createdAt}>{time}</time>
          {kind ? ` · ${kind}` : null}
          {message.channel === 'whatsapp' ? ` · ${t('conversation.whatsapp')}` : null}
          {status ? (
            <Text span fz="xs" c="red.8">
              {` · ${status}`}
            </Text>
          ) : null}
          {message.unanswered ? (
            <Text span fz="xs" c="red.8" data-testid="message-unanswered">
              {` · ${t(`conversation.unanswered.${message.unanswered}`)}`}
            </Text>
          ) : null}
        </>
      }
    >
      {message.body}
    </ChatBubble>
  );
}
