import type { Clock } from '../../lib/clock';
import type { DevOutbox } from '../dev-outbox/repo';
import { localCalendar } from '../icloud/local-homes';
import { ProviderError } from '../provider-errors';
import type { WorkspaceAccount } from '../workspace/account';
import type { SampleWorkspaceRepo } from './repo';
import { ensureSeeded } from './seed';

/** What each local adapter is built with. */
export interface SampleWorkspaceDeps {
  store: SampleWorkspaceRepo;
  /** The owner key of the account's sample workspace; null when its credential is refused. */
  identify: (account: WorkspaceAccount) => Promise<string | null>;
  /** Where mail and invitations the stand-ins "send" are recorded (/dev/outbox). */
  outbox: DevOutbox;
  clock: Clock;
}

/**
 * Runs one adapter call on the account's sample workspace, made on its first use. Like a real
 * API the stand-in checks the credential on every call; and like a real adapter it fails only
 * with ProviderErrors: the database behind it failing is the provider being unavailable.
 */
export async function onSampleWorkspace<T>(
  deps: SampleWorkspaceDeps,
  account: WorkspaceAccount,
  work: (owner: string) => Promise<T>,
): Promise<T> {
  try {
    const owner = await deps.identify(account);
    if (!owner) throw new ProviderError('token_refused', refusedBy(account), { status: 401 });
    await ensureSeeded(deps.store, {
      owner,
      email: account.email,
      language: account.language,
      timeZone: account.timeZone,
      calendarId: calendarIdOf(account),
      now: deps.clock.now(),
    });
    return await work(owner);
  } catch (error) {
    if (error instanceof ProviderError) throw error;
    throw new ProviderError('unavailable', 'the sample workspace could not be read or written', {
      cause: error,
    });
  }
}

function refusedBy(account: WorkspaceAccount): string {
  return `the local ${account.provider} stand-in refused the credential`;
}

/** The id of the account's one calendar: Google's `primary`, the local Apple calendar's URL. */
export function calendarIdOf(account: WorkspaceAccount): string {
  if (account.access.kind === 'dav') return localCalendar(account.access.appleId).url;
  return 'primary';
}

/** What each provider calls a new account's calendar. */
export function calendarNameOf(account: WorkspaceAccount): string {
  if (account.provider === 'apple') return 'Home';
  return account.provider === 'google' ? account.email : 'Calendar';
}

export function notFound(what: string, id: string): ProviderError {
  return new ProviderError('not_found', `no ${what} ${id} in the sample workspace`, { status: 404 });
}
