import { cancelFollowUpRoute, listFollowUpsRoute, type TFollowUp } from '@app/contract/assistant/follow-ups';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../lib/app-error';
import { registerRoute } from '../../../lib/route';
import { perSessionLimit } from '../../../lib/session-rate-limit';
import { requireAuth } from '../../../plugins/authenticate';
import type { AssistantDeps } from '../deps';
import type { FollowUpRow } from './repo';

const HOUR = 60 * 60 * 1000;
/** Cancels per session and hour: far more than a person has watches. */
export const FOLLOW_UP_CANCELS_PER_HOUR = 60;

function toFollowUp(row: FollowUpRow): TFollowUp {
  return {
    id: row.id,
    waitingFor: row.counterpart_name ?? row.counterpart_email,
    subject: row.subject,
    since: row.since,
    deadlineAt: row.deadline_at,
  };
}

/** The Assistant screen's follow-ups (issue 30): only the signed-in person's, 404 for another's. */
export async function followUpScreenRoutes(
  app: FastifyInstance,
  deps: Pick<AssistantDeps, 'followUpsRepo' | 'clock'>,
): Promise<void> {
  const list = async (userId: string) => ({
    followUps: (await deps.followUpsRepo.active(userId)).map(toFollowUp),
  });
  registerRoute(app, listFollowUpsRoute, async (req) => list(requireAuth(req).user.id));
  registerRoute(
    app,
    cancelFollowUpRoute,
    async (req) => {
      const userId = requireAuth(req).user.id;
      const cancelled = await deps.followUpsRepo.cancel(
        userId,
        req.params.id,
        deps.clock.now().toISOString(),
      );
      if (!cancelled) throw new AppError('NOT_FOUND', 'No such follow-up is waiting.');
      return list(userId);
    },
    { rateLimit: perSessionLimit('assistant-follow-ups', FOLLOW_UP_CANCELS_PER_HOUR, HOUR) },
  );
}
