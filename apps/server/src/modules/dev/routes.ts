import { listOutboxRoute } from '@app/contract/dev/list-outbox';
import { devSampleChangeRoute, devSchedulingReplyRoute } from '@app/contract/dev/sample-world';
import { devSchedulingOpenRoute, devSchedulingSeedRoute } from '@app/contract/dev/scheduling-open';
import type { FastifyInstance } from 'fastify';
import { answerLoopbackOnly } from '../../lib/dev-only';
import { registerRoute } from '../../lib/route';
import { changeSample } from './sample-world';
import { schedulingOpen, schedulingSeed } from './scheduling-open';
import { schedulingReply } from './scheduling-reply';

/**
 * The stand-ins' dev routes. They exist only while a stand-in that writes to the outbox
 * was built (SMS, mail, and the calendars and mailboxes of the sample workspace, which record
 * what they send), and answer only this machine unless ALLOW_STAND_INS=true; anyone else gets
 * the same 404 as a path that does not exist.
 */
export async function devRoutes(app: FastifyInstance) {
  if (!(['sms', 'mail', 'calendar', 'apple'] as const).some((port) => app.ports.isStandIn(port))) return;
  answerLoopbackOnly(app);
  registerRoute(app, listOutboxRoute, async (req) => ({
    messages: await app.devOutbox.list({
      limit: req.query.limit,
      ...(req.query.to ? { to: req.query.to } : {}),
    }),
  }));
  // The sample workspace moving (issue 30, part 7): only while it answers for the workspace.
  if (app.ports.isStandIn('calendar') || app.ports.isStandIn('apple')) {
    registerRoute(app, devSampleChangeRoute, async (req) => changeSample(app, req.body));
    registerRoute(app, devSchedulingReplyRoute, async (req) => schedulingReply(app, req.body));
    registerRoute(app, devSchedulingOpenRoute, async (req) => schedulingOpen(app, req.query.phone));
    registerRoute(app, devSchedulingSeedRoute, async (req) => schedulingSeed(app, req.body.phone));
  }
}
