import { APP_PASSWORD_SHAPE } from '../sample-workspace/owner';
import { IcloudAuthError, type IcloudClient, type IcloudCredentials, type IcloudDiscovery } from './icloud';
import { localAddressBook, localCalendar, localDavHomes } from './local-homes';

/**
 * Apple iCloud for a machine without it (design §3): any Apple ID with a password shaped the way
 * Apple makes app-specific passwords (xxxx-xxxx-xxxx-xxxx) signs in, anything else is refused
 * as iCloud refuses a wrong one. Behind it is the Apple ID's sample workspace, which the
 * workspace's local adapters read and write.
 */
export class LocalIcloud implements IcloudClient {
  async discover(credentials: IcloudCredentials): Promise<IcloudDiscovery> {
    if (!APP_PASSWORD_SHAPE.test(credentials.password)) throw new IcloudAuthError();
    const appleId = credentials.appleId.trim().toLowerCase();
    return {
      homes: localDavHomes(appleId),
      calendars: [localCalendar(appleId)],
      addressBooks: [localAddressBook(appleId)],
    };
  }
}
