import type { ProactiveDeps } from '../send-proactive';
import { approvedOf, withdrawPassed } from './request';
import { namesOf, textPerson } from './texts';

/**
 * No answer within the working days (decision 554): the slots passed are withdrawn from the
 * approved set (their numbers kept), and the person is asked whether to send a reminder; when
 * every slot has passed the request expires and the person is told. Claimed by compare-and-set
 * on the chase time, so of two instances one asks.
 */
export async function chaseSchedulingRequest(deps: ProactiveDeps, job: { requestId: string }): Promise<void> {
  const row = await deps.schedulingRepo.findById(job.requestId);
  const approved = row ? approvedOf(row) : null;
  if (!row || !approved || row.status !== 'asked' || !row.chase_due_at) return;
  const now = deps.clock.now();
  if (Date.parse(row.chase_due_at) > now.getTime()) return;
  const at = now.toISOString();
  if (!(await deps.schedulingRepo.claimChase(row.id, row.chase_due_at, at))) return;
  const left = withdrawPassed(approved, now);
  const names = namesOf(row, approved.attendees);
  if (left.withdrawn.length >= left.slots.length) {
    if (await deps.schedulingRepo.move(row.id, 'expired', { chase_due_at: null }, at))
      await textPerson(deps, row, `scheduling:${row.id}:expired`, {
        key: 'schedulingExpired',
        vars: { names },
      });
    return;
  }
  await deps.schedulingRepo.update(row.id, 'asked', { approved: JSON.stringify(left) }, at);
  await textPerson(deps, row, `scheduling:${row.id}:chase`, { key: 'schedulingChase', vars: { names } });
}
