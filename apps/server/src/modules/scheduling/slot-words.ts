import type { TLanguage } from '@app/contract/messages';
import { describeWhen } from '../../lib/describe-when';
import { wallTimeOf, zoneOrUtc } from '../../lib/zoned-time';
import type { Interval } from './find-slots';

/**
 * How a proposed slot is written for a person, in their zone and language, as calendar texts
 * write an event ("Tue 1 Dec, 10:00–10:30"), with the time of each other participant whose clock
 * shows it differently ("…, 18:00–18:30 for Priya (London)"). Decision 544.
 */

const WORDS = {
  en: { yours: '{{when}} your time', theirs: '{{when}} for {{name}} ({{place}})', separator: ', ' },
  zh: { yours: '你的时间 {{when}}', theirs: '{{name}}（{{place}}）{{when}}', separator: '，' },
} as const;

export interface SlotReader {
  /** A name or address as the person knows them. */
  name: string;
  zone: string | null;
}

function fill(template: string, vars: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => vars[key] ?? '');
}

/** Where a zone is, as a person reads it: the city of its name in English, its name in Chinese. */
export function zonePlace(zone: string, language: TLanguage, at: Date): string {
  if (language === 'zh') {
    const parts = new Intl.DateTimeFormat('zh-CN', {
      timeZone: zone,
      timeZoneName: 'longGeneric',
    }).formatToParts(at);
    return parts.find((part) => part.type === 'timeZoneName')?.value ?? zone;
  }
  return (zone.split('/').at(-1) ?? zone).replaceAll('_', ' ');
}

function when(slot: Interval, zone: string, language: TLanguage, withDay: boolean): string {
  const start = wallTimeOf(new Date(slot.start), zone);
  const end = wallTimeOf(new Date(slot.end), zone);
  return withDay ? describeWhen(start, end, false, language) : `${start.slice(11, 16)}–${end.slice(11, 16)}`;
}

/**
 * The slot in the person's zone; then, for each other participant with a known zone whose clock
 * differs at that moment, their time too (with their day when it is another date).
 */
export function slotWords(
  slot: Interval,
  zone: string,
  language: TLanguage,
  others: SlotReader[] = [],
): string {
  const own = zoneOrUtc(zone);
  const ownWhen = when(slot, own, language, true);
  const ownStart = wallTimeOf(new Date(slot.start), own);
  const theirs = others.flatMap((other) => {
    if (!other.zone) return [];
    const theirZone = zoneOrUtc(other.zone);
    const theirStart = wallTimeOf(new Date(slot.start), theirZone);
    if (theirStart === ownStart) return [];
    const otherDay = theirStart.slice(0, 10) !== ownStart.slice(0, 10);
    return [
      fill(WORDS[language].theirs, {
        when: when(slot, theirZone, language, otherDay),
        name: other.name,
        place: zonePlace(theirZone, language, new Date(slot.start)),
      }),
    ];
  });
  if (theirs.length === 0) return ownWhen;
  return [fill(WORDS[language].yours, { when: ownWhen }), ...theirs].join(WORDS[language].separator);
}
