import type { ProactiveDeps } from '../send-proactive';
import { releaseHoldsLater } from './holds';

/**
 * The person withdraws an open request (decision 570): on the Assistant screen, or by a NO to
 * its offer or to a time suggested instead (decision 594). The move to `cancelled` and the
 * release of its holds commit together. False when it was not open (or is not theirs).
 */
export async function cancelSchedulingRequest(
  deps: Pick<ProactiveDeps, 'schedulingRepo' | 'transaction' | 'jobs' | 'clock'>,
  userId: string,
  id: string,
): Promise<boolean> {
  return deps.transaction(async (trx) => {
    const repo = deps.schedulingRepo.with(trx);
    if (!(await repo.cancel(userId, id, deps.clock.now().toISOString()))) return false;
    const row = await repo.find(userId, id);
    if (row) await releaseHoldsLater(deps, trx, row, 'cancelled');
    return true;
  });
}
