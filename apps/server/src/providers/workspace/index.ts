import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { CaldavCalendarAdapter } from '../calendar/caldav-calendar';
import type { CalendarAdapter } from '../calendar/calendar-adapter';
import { GoogleCalendarAdapter } from '../calendar/google-calendar';
import { GraphCalendarAdapter } from '../calendar/graph-calendar';
import { CarddavContactsAdapter } from '../contacts/carddav-contacts';
import type { ContactsAdapter } from '../contacts/contacts-adapter';
import { GoogleContactsAdapter } from '../contacts/google-contacts';
import { GraphContactsAdapter } from '../contacts/graph-contacts';
import { GmailAdapter } from '../mailbox/gmail';
import type { MailboxAdapter } from '../mailbox/mailbox';
import { OutlookMailAdapter } from '../mailbox/outlook';
import type { BuiltPort } from '../port';
import { LocalCalendarAdapter } from '../sample-workspace/calendar';
import { LocalContactsAdapter } from '../sample-workspace/contacts';
import { LocalMailboxAdapter } from '../sample-workspace/mailbox';
import { sampleOwnerResolver } from '../sample-workspace/owner';

export type WorkspaceProvider = 'google' | 'microsoft' | 'apple';

/** Every provider's adapter for each kind; Apple has no mail. */
export interface WorkspaceAdapters {
  calendars: Record<WorkspaceProvider, CalendarAdapter>;
  mailboxes: Partial<Record<WorkspaceProvider, MailboxAdapter>>;
  contacts: Record<WorkspaceProvider, ContactsAdapter>;
  /** The providers answered by the sample workspace. */
  local: WorkspaceProvider[];
}

/**
 * The workspace's adapters (issue 20). A provider that signs in for real talks to its real APIs;
 * one signing in through the local issuer (and Apple outside production without a DAV URL) gets
 * the sample workspace, unless one of its API URLs was set, which is how tests reach the real
 * adapters' code against loopback fakes.
 */
export function buildWorkspaceAdapters(app: FastifyInstance): WorkspaceAdapters {
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
  const pick = <T>(provider: WorkspaceProvider, real: () => T, stand: () => T): T =>
    isLocal[provider] ? stand() : real();
  const dav = { caldavUrl: apple.caldavUrl, carddavUrl: apple.carddavUrl, timeoutMs: apple.timeoutMs };
  return {
    calendars: {
      google: pick<CalendarAdapter>(
        'google',
        () => new GoogleCalendarAdapter({ baseUrl: apis.google.calendarUrl, timeoutMs }),
        () => new LocalCalendarAdapter(local),
      ),
      microsoft: pick<CalendarAdapter>(
        'microsoft',
        () => new GraphCalendarAdapter({ baseUrl: apis.microsoft.graphUrl, timeoutMs }),
        () => new LocalCalendarAdapter(local),
      ),
      apple: pick<CalendarAdapter>(
        'apple',
        () => new CaldavCalendarAdapter(dav),
        () => new LocalCalendarAdapter(local),
      ),
    },
    mailboxes: {
      google: pick<MailboxAdapter>(
        'google',
        () => new GmailAdapter({ baseUrl: apis.google.gmailUrl, timeoutMs }),
        () => new LocalMailboxAdapter(local),
      ),
      microsoft: pick<MailboxAdapter>(
        'microsoft',
        () => new OutlookMailAdapter({ baseUrl: apis.microsoft.graphUrl, timeoutMs }),
        () => new LocalMailboxAdapter(local),
      ),
    },
    contacts: {
      google: pick<ContactsAdapter>(
        'google',
        () => new GoogleContactsAdapter({ baseUrl: apis.google.peopleUrl, timeoutMs }),
        () => new LocalContactsAdapter(local),
      ),
      microsoft: pick<ContactsAdapter>(
        'microsoft',
        () => new GraphContactsAdapter({ baseUrl: apis.microsoft.graphUrl, timeoutMs }),
        () => new LocalContactsAdapter(local),
      ),
      apple: pick<ContactsAdapter>(
        'apple',
        () => new CarddavContactsAdapter(dav),
        () => new LocalContactsAdapter(local),
      ),
    },
    local: (Object.keys(isLocal) as WorkspaceProvider[]).filter((p) => isLocal[p]),
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
    const adapters = buildWorkspaceAdapters(app);
    app.decorate('workspaceAdapters', adapters);
    app.ports.add(workspacePort(adapters));
  },
  { name: 'workspace-adapters', dependencies: ['config', 'ports', 'sample-workspace', 'dev-outbox'] },
);
