import type { TSchedulingOpenResponse } from '@app/contract/dev/scheduling-open';
import type { FastifyInstance } from 'fastify';

/**
 * The person's latest request waiting on answers (decision 572), for the simulated phone's
 * control: who answers and how many slots they may pick from. Null when none waits (or no
 * account has the number): the control is not shown.
 */
export async function schedulingOpen(app: FastifyInstance, phone: string): Promise<TSchedulingOpenResponse> {
  const user = await app.usersRepo.findByPhone(phone);
  const row = user ? await app.schedulingRepo.latestAsked(user.id) : undefined;
  if (!row) return { request: null };
  // Read as the dev reply route reads them (the dev module uses no other module).
  const [first] = JSON.parse(row.attendees) as { email: string; name: string | null }[];
  const approved = row.approved ? (JSON.parse(row.approved) as { slots: unknown[] }) : null;
  return {
    request: {
      id: row.id,
      title: row.title,
      who: first?.name ?? first?.email ?? '',
      slots: approved?.slots.length ?? 0,
    },
  };
}
