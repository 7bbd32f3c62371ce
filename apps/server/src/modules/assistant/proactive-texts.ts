import type { TLanguage } from '@app/contract/messages';
import type { TWorkspaceEvent } from '@app/contract/workspace/calendar';
import { wallTimeOf } from '../../lib/zoned-time';
import { findLinks, isKnownHost, withoutInvisible } from './link-filter';
import { say } from './texts';

/**
 * The words of the messages the assistant starts itself, made by code from the workspace's
 * facts (decision 224): no model call, so they cost no tokens, take no time and read the same
 * every morning.
 */

/**
 * A link to an online meeting in an event's place or description, if it has one: an https link
 * whose parsed host is a known meeting host (`zoom.us.attacker.example` is not one; decision 300).
 */
export function meetingLink(event: Pick<TWorkspaceEvent, 'location' | 'description'>): string | null {
  const text = withoutInvisible(`${event.location ?? ''}\n${event.description ?? ''}`);
  const link = findLinks(text).find(
    (found) => found.scheme === 'https' && !found.userinfo && isKnownHost(found.hostname),
  );
  return link?.raw ?? null;
}

/** Whether a reminder helps: somewhere to go, or a meeting to join. */
export function worthReminding(event: TWorkspaceEvent): boolean {
  return !event.allDay && Boolean(event.location?.trim() || meetingLink(event));
}

const clock = (instant: string, zone: string) => wallTimeOf(new Date(instant), zone).slice(11, 16);

export function briefingText(
  language: TLanguage,
  input: { events: TWorkspaceEvent[]; zone: string; unreadFromContacts: number | null },
): string {
  const mail =
    input.unreadFromContacts === null || input.unreadFromContacts === 0
      ? ''
      : input.unreadFromContacts === 1
        ? say(language, 'briefingMailOne')
        : say(language, 'briefingMailMany', { n: String(input.unreadFromContacts) });
  if (input.events.length === 0) return `${say(language, 'briefingNothing')}${mail}`;
  // The first is the first with a time (what the morning starts with); all-day ones follow.
  const ordered = [...input.events.filter((e) => !e.allDay), ...input.events.filter((e) => e.allDay)];
  const line = (event: TWorkspaceEvent) =>
    event.allDay
      ? say(language, 'briefingAllDay', { title: event.title })
      : `${clock(event.start, input.zone)} ${event.title}`;
  const [first, ...rest] = ordered as [TWorkspaceEvent, ...TWorkspaceEvent[]];
  const place = first.location?.trim();
  return `${say(language, 'briefingEvents', {
    count:
      ordered.length === 1
        ? say(language, 'briefingOneEvent')
        : say(language, 'briefingManyEvents', { n: String(ordered.length) }),
    first: `${line(first)}${place ? say(language, 'briefingPlace', { place }) : ''}`,
    rest: rest.length
      ? say(language, 'briefingRest', { list: rest.map(line).join(say(language, 'briefingListSeparator')) })
      : '',
  })}${mail}`;
}

export function reminderText(
  language: TLanguage,
  input: { event: TWorkspaceEvent; zone: string; minutesLeft: number },
): string {
  const { event } = input;
  const link = meetingLink(event);
  const place = event.location?.trim();
  return say(language, 'reminder', {
    title: event.title,
    time: clock(event.start, input.zone),
    lead: String(input.minutesLeft),
    where: place && place !== link ? say(language, 'reminderWhere', { place }) : '',
    link: link ? say(language, 'reminderLink', { url: link }) : '',
  });
}
