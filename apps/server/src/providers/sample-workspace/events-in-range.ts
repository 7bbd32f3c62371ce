import { startOfDayIn } from '../../lib/zoned-time';
import type { SampleWorkspaceRepo } from './repo';
import { readStored, type StoredEvent, ZStoredEvent } from './stored';

const DAY_MS = 86_400_000;

export interface PlacedEvent {
  event: StoredEvent;
  /** Its bounds as instants (ms); an all-day event covers its days in the person's zone. */
  start: number;
  end: number;
}

/** An owner's events overlapping [from, to), by start (an event of no length counts at its start). */
export async function eventsInRange(
  store: SampleWorkspaceRepo,
  owner: string,
  timeZone: string,
  range: { from: number; to: number },
): Promise<PlacedEvent[]> {
  // An all-day event sorts by its first day at UTC midnight, which in a zone ahead of UTC is
  // up to 14 hours after it starts: a day's slack keeps it, the filter below decides.
  const items = await store.list(owner, 'event', { below: new Date(range.to + DAY_MS).toISOString() });
  return items
    .map((item) => {
      const event = readStored(ZStoredEvent, item);
      return { event, ...boundsOf(event, timeZone) };
    })
    .filter(
      ({ start, end }) => start < range.to && (end > range.from || (end === start && start >= range.from)),
    )
    .sort((a, b) => a.start - b.start || a.event.title.localeCompare(b.event.title));
}

function boundsOf(event: StoredEvent, timeZone: string): { start: number; end: number } {
  if (!event.allDay) return { start: Date.parse(event.start), end: Date.parse(event.end) };
  return {
    start: startOfDayIn(event.start, timeZone).getTime(),
    end: startOfDayIn(event.end, timeZone).getTime(),
  };
}
