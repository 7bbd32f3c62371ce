import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../lib/clock';
import type { CalendarClient } from '../../providers/calendar/calendar';
import type { ConnectionAccess } from '../connections/connection-access';
import type { ConnectionsRepo } from '../connections/repo';

/** What the events use cases may need; each takes the part it uses. */
export interface EventsDeps {
  connectionsRepo: ConnectionsRepo;
  connectionAccess: ConnectionAccess;
  calendar: CalendarClient;
  clock: Clock;
}

/** Built once by the module's plugin. */
export function eventsDeps(app: FastifyInstance): EventsDeps {
  return {
    connectionsRepo: app.connectionsRepo,
    connectionAccess: app.connectionAccess,
    calendar: app.calendar,
    clock: app.clock,
  };
}
