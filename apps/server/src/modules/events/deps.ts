import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../lib/clock';
import type { CalendarDeps } from '../workspace/calendar';
import { workspaceDeps } from '../workspace/deps';

/** What the events use cases may need: the workspace's calendar, and the clock for open ranges. */
export type EventsDeps = CalendarDeps & { clock: Clock };

/** Built once by the module's plugin. */
export function eventsDeps(app: FastifyInstance): EventsDeps {
  return workspaceDeps(app);
}
