import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { CalendarAdapter } from '../calendar/calendar-adapter';
import type { FeedAdapter } from '../change-feed/feed-adapter';
import type { ContactsAdapter } from '../contacts/contacts-adapter';
import type { MailboxAdapter } from '../mailbox/mailbox';
import type { BuiltPort } from '../port';
import { LocalCalendarAdapter } from '../sample-workspace/calendar';
import { LocalContactsAdapter } from '../sample-workspace/contacts';
import { LocalMailboxAdapter } from '../sample-workspace/mailbox';
import { sampleOwnerResolver } from '../sample-workspace/owner';
import { SampleWrites } from '../sample-workspace/writes';

export type WorkspaceProvider = 'google' | 'microsoft' | 'apple';

/** Every provider's adapter for each kind; Apple has no mail. */
export interface WorkspaceAdapters {
  calendars: Record<WorkspaceProvider, CalendarAdapter>;
  mailboxes: Partial<Record<WorkspaceProvider, MailboxAdapter>>;
  contacts: Record<WorkspaceProvider, ContactsAdapter>;
  /**
   * The change feed's adapters (issue 31), one per provider that has a real API here; each
   * provider adds its own entry. The sample workspace subscribes to nothing (it publishes).
   */
  feeds: Partial<Record<WorkspaceProvider, FeedAdapter>>;
  /** The providers answered by the sample workspace. */
  local: WorkspaceProvider[];
  /** Writes to a sample calendar, told to whoever listens (the change feed; decision 504). */
  sampleWrites: SampleWrites;
}

/**
 * The workspace's adapters (issue 20). A provider that signs in for real talks to its real APIs;
 * one signing in through the local issuer (and Apple outside production without a DAV URL) gets
 * the sample workspace, unless one of its API URLs was set, which is how tests reach the real
 * adapters' code against loopback fakes.
 */
export async function buildWorkspaceAdapters(app: FastifyInstance): Promise<WorkspaceAdapters> {
  const { workspaceApis: apis, identity, apple, publicUrl } = app.config;
  const timeoutMs = apis.timeoutMs;
  const local = {
    store: app.sampleWorkspace,
    identify: sampleOwnerResolver(publicUrl, timeoutMs),
    outbox: app.devOutbox,
    clock: app.clock,
  };
  const isLocal: Record<WorkspaceProvider, boolean> = {
    google: !identity.google && !apis.google.explicit,
    microsoft: !identity.microsoft && !apis.microsoft.explicit,
    apple: apple.local,
  };
  // A real adapter's module (HTML-to-text, iCalendar and Windows zone tables under it) is loaded
  // only for a provider that has one, not at every start (decision 270).
  const pick = async <T>(provider: WorkspaceProvider, real: () => Promise<T>, stand: () => T): Promise<T> =>
    isLocal[provider] ? stand() : real();
  const dav = { caldavUrl: apple.caldavUrl, carddavUrl: apple.carddavUrl, timeoutMs: apple.timeoutMs };
  return {
    calendars: {
      google: await pick<CalendarAdapter>(
        'google',
        async () =>
          new (await import('../calendar/google-calendar')).GoogleCalendarAdapter({
            baseUrl: apis.google.calendarUrl,
            timeoutMs,
          }),
        () => new LocalCalendarAdapter(local),
      ),
      microsoft: await pick<CalendarAdapter>(
        'microsoft',
        async () =>
          new (await import('../calendar/graph-calendar')).GraphCalendarAdapter({
            baseUrl: apis.microsoft.graphUrl,
            timeoutMs,
          }),
        () => new LocalCalendarAdapter(local),
      ),
      apple: await pick<CalendarAdapter>(
        'apple',
        async () => new (await import('../calendar/caldav-calendar')).CaldavCalendarAdapter(dav),
        () => new LocalCalendarAdapter(local),
      ),
    },
    mailboxes: {
      google: await pick<MailboxAdapter>(
        'google',
        async () =>
          new (await import('../mailbox/gmail')).GmailAdapter({ baseUrl: apis.google.gmailUrl, timeoutMs }),
        () => new LocalMailboxAdapter(local),
      ),
      microsoft: await pick<MailboxAdapter>(
        'microsoft',
        async () =>
          new (await import('../mailbox/outlook')).OutlookMailAdapter({
            baseUrl: apis.microsoft.graphUrl,
            timeoutMs,
          }),
        () => new LocalMailboxAdapter(local),
      ),
    },
    contacts: {
      google: await pick<ContactsAdapter>(
        'google',
        async () =>
          new (await import('../contacts/google-contacts')).GoogleContactsAdapter({
            baseUrl: apis.google.peopleUrl,
            timeoutMs,
          }),
        () => new LocalContactsAdapter(local),
      ),
      microsoft: await pick<ContactsAdapter>(
        'microsoft',
        async () =>
          new (await import('../contacts/graph-contacts')).GraphContactsAdapter({
            baseUrl: apis.microsoft.graphUrl,
            timeoutMs,
          }),
        () => new LocalContactsAdapter(local),
      ),
      apple: await pick<ContactsAdapter>(
        'apple',
        async () => new (await import('../contacts/carddav-contacts')).CarddavContactsAdapter(dav),
        () => new LocalContactsAdapter(local),
      ),
    },
    // Push needs the real Google: the sample workspace publishes its changes in process.
    feeds: {
      ...(isLocal.google
        ? {}
        : {
            google: new (await import('../change-feed/google-feed')).GoogleFeedAdapter({
              calendarUrl: apis.google.calendarUrl,
              gmailUrl: apis.google.gmailUrl,
              timeoutMs,
              topic: apis.google.pubsub?.topic ?? null,
            }),
          }),
      ...(isLocal.microsoft
        ? {}
        : {
            microsoft: new (await import('../change-feed/graph-feed')).GraphFeedAdapter({
              baseUrl: apis.microsoft.graphUrl,
              timeoutMs,
              now: () => app.clock.now(),
            }),
          }),
      // Apple has no push: its feed polls sync-collection (issue 31).
      ...(isLocal.apple
        ? {}
        : {
            apple: new (await import('../change-feed/caldav-feed')).CaldavFeedAdapter({
              ...dav,
              now: () => app.clock.now(),
            }),
          }),
    },
    local: (Object.keys(isLocal) as WorkspaceProvider[]).filter((p) => isLocal[p]),
    sampleWrites: new SampleWrites(),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    workspaceAdapters: WorkspaceAdapters;
  }
}

/** What would give Google and Microsoft their real APIs: signing in for real. */
const VARIABLES: Record<'google' | 'microsoft', string[]> = {
  google: ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
  microsoft: ['MICROSOFT_CLIENT_ID', 'MICROSOFT_CLIENT_SECRET'],
};

/**
 * How the adapters report to the stand-in registry: Google's and Microsoft's sample workspaces
 * under the port name `calendar` (the banner's "calendars, mail and contacts"), so start-up
 * refuses them on a public address; Apple's is the `apple` port's, which the iCloud plugin reports.
 */
function workspacePort(adapters: WorkspaceAdapters): BuiltPort<WorkspaceAdapters> {
  const missing = (['google', 'microsoft'] as const)
    .filter((provider) => adapters.local.includes(provider))
    .flatMap((provider) => VARIABLES[provider]);
  return missing.length === 0
    ? { port: 'calendar', adapter: adapters, standIn: false, vendor: 'rest' }
    : { port: 'calendar', adapter: adapters, standIn: true, vendor: 'local', missing };
}

export const workspaceAdaptersPlugin = fp(
  async (app: FastifyInstance) => {
    const adapters = await buildWorkspaceAdapters(app);
    app.decorate('workspaceAdapters', adapters);
    app.ports.add(workspacePort(adapters));
  },
  { name: 'workspace-adapters', dependencies: ['config', 'ports', 'sample-workspace', 'dev-outbox'] },
);
