import type { TAssistantApproval } from '@app/contract/assistant/screen';
import type { TextProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Facts } from '@/components/facts';
import { useAssistantClock } from '../utils/time';

/** When, in which calendar, with or to whom: the facts of an approval a list line can hold. */
export function ApprovalFacts({ approval, ...props }: { approval: TAssistantApproval } & TextProps) {
  const { t } = useTranslation('assistant');
  const clock = useAssistantClock();
  const recipients = approval.recipients.join(', ');
  const items = [
    ...(approval.when
      ? [
          <time key="when" dateTime={approval.when}>
            {t('facts.when', { when: clock.dateTime(approval.when) })}
          </time>,
        ]
      : []),
    // An account's address can be longer than a phone's line: it breaks anywhere, like recipients.
    ...(approval.calendar
      ? [
          <span key="calendar" style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
            {t('facts.calendar', { calendar: approval.calendar })}
          </span>,
        ]
      : []),
    // A memory's addresses are no recipients: only a new one is flagged, as for mail.
    ...(recipients && approval.kind !== 'save_memory'
      ? [
          <span key="to" style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
            {approval.kind === 'send_mail'
              ? t('facts.to', { recipients })
              : t('facts.attendees', { recipients })}
          </span>,
        ]
      : []),
  ];
  return items.length > 0 ? <Facts items={items} {...props} /> : null;
}
