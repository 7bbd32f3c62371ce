import type { TLanguage } from '@app/contract/messages';
import type { Clock } from '../../lib/clock';
import { ProviderError } from '../provider-errors';
import { eventsInRange } from '../sample-workspace/events-in-range';
import { APP_PASSWORD_SHAPE, appleOwner } from '../sample-workspace/owner';
import type { SampleWorkspaceRepo } from '../sample-workspace/repo';
import { ensureSeeded } from '../sample-workspace/seed';
import type { StoredEvent } from '../sample-workspace/stored';
import {
  IcloudAuthError,
  type IcloudClient,
  type IcloudCredentials,
  type IcloudDiscovery,
  type IcloudHomes,
  IcloudUnavailableError,
  type TCalendarEvent,
} from './icloud';
import { localAddressBook, localCalendar, localDavHomes } from './local-homes';

export interface LocalIcloudOptions {
  store: SampleWorkspaceRepo;
  clock: Clock;
  /**
   * The language and zone of whoever connected the Apple ID, so a sample made on the first read
   * is in their words and days; null (not connected yet) makes it in English, in UTC.
   */
  personOf: (appleId: string) => Promise<{ language: TLanguage; timeZone: string } | null>;
}

/**
 * Apple iCloud for a machine without it (design §3): any Apple ID with a password shaped the way
 * Apple makes app-specific passwords (xxxx-xxxx-xxxx-xxxx) signs in, anything else is refused
 * as iCloud refuses a wrong one. Behind it is the Apple ID's sample workspace, the same one the
 * workspace's local adapters read and write.
 */
export class LocalIcloud implements IcloudClient {
  constructor(private readonly options: LocalIcloudOptions) {}

  async discover(credentials: IcloudCredentials): Promise<IcloudDiscovery> {
    const appleId = this.signIn(credentials);
    return {
      homes: localDavHomes(appleId),
      calendars: [localCalendar(appleId)],
      addressBooks: [localAddressBook(appleId)],
    };
  }

  async listEvents(
    credentials: IcloudCredentials,
    _homes: IcloudHomes,
    range: { start: Date; end: Date },
  ): Promise<TCalendarEvent[]> {
    const appleId = this.signIn(credentials);
    const { store, clock, personOf } = this.options;
    try {
      const owner = appleOwner(appleId);
      const person = (await personOf(appleId)) ?? { language: 'en', timeZone: 'UTC' };
      await ensureSeeded(store, {
        owner,
        email: appleId,
        ...person,
        calendarId: localCalendar(appleId).url,
        now: clock.now(),
      });
      const events = await eventsInRange(store, owner, person.timeZone, {
        from: range.start.getTime(),
        to: range.end.getTime(),
      });
      return events.map(({ event }) => toCalendarEvent(event, localCalendar(appleId).name));
    } catch (error) {
      if (error instanceof ProviderError && error.kind === 'protocol') {
        throw new IcloudUnavailableError('protocol', error.message);
      }
      throw new IcloudUnavailableError(
        'server',
        `the local iCloud stand-in failed: ${(error as Error).message}`,
      );
    }
  }

  /** The Apple ID signed in, as connect stores it; refused as iCloud refuses a wrong password. */
  private signIn(credentials: IcloudCredentials): string {
    if (!APP_PASSWORD_SHAPE.test(credentials.password)) throw new IcloudAuthError();
    return credentials.appleId.trim().toLowerCase();
  }
}

function toCalendarEvent(event: StoredEvent, calendar: string): TCalendarEvent {
  return {
    id: event.id,
    title: event.title,
    start: event.start,
    end: event.end,
    allDay: event.allDay,
    location: event.location,
    calendar,
  };
}
