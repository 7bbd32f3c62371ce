import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../lib/clock';
import type { CalendarAdapter } from '../../providers/calendar/calendar-adapter';
import type { ContactsAdapter } from '../../providers/contacts/contacts-adapter';
import type { MailboxAdapter } from '../../providers/mailbox/mailbox';
import type { SampleWrites } from '../../providers/sample-workspace/writes';
import type { WorkspaceProvider } from '../../providers/workspace/index';
import type { ConnectionAccess } from '../connections/connection-access';
import type { ConnectionsRepo } from '../connections/repo';
import type { UsersRepo } from '../users/repo';

/** What the workspace's use cases need; each takes the part it uses. */
export interface WorkspaceDeps {
  usersRepo: UsersRepo;
  connectionsRepo: ConnectionsRepo;
  connectionAccess: ConnectionAccess;
  calendars: Record<WorkspaceProvider, CalendarAdapter>;
  mailboxes: Partial<Record<WorkspaceProvider, MailboxAdapter>>;
  contacts: Record<WorkspaceProvider, ContactsAdapter>;
  clock: Clock;
  /** The providers the sample workspace answers, and where its calendar writes are told (decision 504). */
  sample?: { local: WorkspaceProvider[]; writes: SampleWrites };
}

export function workspaceDeps(app: FastifyInstance): WorkspaceDeps {
  return {
    usersRepo: app.usersRepo,
    connectionsRepo: app.connectionsRepo,
    connectionAccess: app.connectionAccess,
    calendars: app.workspaceAdapters.calendars,
    mailboxes: app.workspaceAdapters.mailboxes,
    contacts: app.workspaceAdapters.contacts,
    clock: app.clock,
    sample: { local: app.workspaceAdapters.local, writes: app.workspaceAdapters.sampleWrites },
  };
}
