import {
  cancelSchedulingRequestRoute,
  listSchedulingRequestsRoute,
  type TSchedulingAnswer,
  type TSchedulingRequest,
} from '@app/contract/assistant/scheduling';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../lib/app-error';
import { registerRoute } from '../../../lib/route';
import { perSessionLimit } from '../../../lib/session-rate-limit';
import { requireAuth } from '../../../plugins/authenticate';
import type { Interval } from '../../scheduling/find-slots';
import type { AssistantDeps } from '../deps';
import { cancelSchedulingRequest } from './cancel';
import type { ReplyAnswer } from './classify-reply';
import type { SchedulingRequestRow } from './repo';
import { answersOf, approvedOf, attendeesOf } from './request';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** Finished requests stay on the screen this long after they closed. */
export const SCHEDULING_SCREEN_RECENT_DAYS = 7;
/** Cancels per session and hour: far more than a person has requests. */
export const SCHEDULING_CANCELS_PER_HOUR = 60;

/** What the screen shows of an answer: the reading, never the rest of the reply (its `extra`). */
function screenAnswer(answer: ReplyAnswer): TSchedulingAnswer {
  if (answer.kind === 'picked') return { kind: 'picked', slot: answer.slot };
  if (answer.kind === 'other_time') return { kind: 'other_time', when: answer.when.slice(0, 80) };
  return { kind: answer.kind };
}

/** One request as the screen shows it (decision 570): each attendee's latest answer, the slots numbered. */
export function toSchedulingRequest(row: SchedulingRequestRow): TSchedulingRequest {
  const approved = approvedOf(row);
  const slots: Interval[] = approved?.slots ?? (JSON.parse(row.proposed) as Interval[]);
  const latest = new Map<string, TSchedulingAnswer>();
  for (const stored of answersOf(row)) latest.set(stored.from.toLowerCase(), screenAnswer(stored.answer));
  const booked = row.status === 'booked' && row.booked_slot !== null ? slots[row.booked_slot - 1] : undefined;
  return {
    id: row.id,
    title: row.title,
    durationMinutes: row.duration_minutes,
    status: row.status,
    attendees: attendeesOf(row).map((attendee) => ({
      name: attendee.name,
      email: attendee.email,
      answer: latest.get(attendee.email.toLowerCase()) ?? null,
    })),
    slots: slots.map((slot, i) => ({
      number: i + 1,
      start: slot.start,
      end: slot.end,
      withdrawn: approved?.withdrawn.includes(i + 1) ?? false,
    })),
    booked: booked ? { start: booked.start, end: booked.end } : null,
    cancellable: row.status === 'proposed' || row.status === 'asked' || row.status === 'needs_person',
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/**
 * The Assistant screen's scheduling requests (issue 32 point 6): only the signed-in person's,
 * 404 for another's; cancelling one already cancelled answers the list again.
 */
export async function schedulingScreenRoutes(
  app: FastifyInstance,
  deps: Pick<AssistantDeps, 'schedulingRepo' | 'clock' | 'transaction' | 'jobs'>,
): Promise<void> {
  const list = async (userId: string) => {
    const since = new Date(deps.clock.now().getTime() - SCHEDULING_SCREEN_RECENT_DAYS * DAY).toISOString();
    return { requests: (await deps.schedulingRepo.screenOf(userId, since)).map(toSchedulingRequest) };
  };
  registerRoute(app, listSchedulingRequestsRoute, async (req) => list(requireAuth(req).user.id));
  registerRoute(
    app,
    cancelSchedulingRequestRoute,
    async (req) => {
      const userId = requireAuth(req).user.id;
      const { id } = req.params;
      if (!(await cancelSchedulingRequest(deps, userId, id))) {
        const row = await deps.schedulingRepo.find(userId, id);
        if (row?.status !== 'cancelled')
          throw new AppError('NOT_FOUND', 'No such scheduling request is in progress.');
      }
      return list(userId);
    },
    { rateLimit: perSessionLimit('assistant-scheduling', SCHEDULING_CANCELS_PER_HOUR, HOUR) },
  );
}
