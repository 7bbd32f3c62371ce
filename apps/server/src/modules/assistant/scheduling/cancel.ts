import type { ProactiveDeps } from '../send-proactive';
import { holdsOf, releaseHoldsLater } from './holds';

/**
 * The person withdraws an open request (decision 570): on the Assistant screen, or by a NO to
 * its offer or to a time suggested instead (decision 594). The move to `cancelled` and the
 * release of its holds commit together. Null when it was not open (or is not theirs); else how
 * many held slots are being released.
 */
export async function cancelSchedulingRequest(
  deps: Pick<ProactiveDeps, 'schedulingRepo' | 'transaction' | 'jobs' | 'clock'>,
  userId: string,
  id: string,
): Promise<{ released: number } | null> {
  return deps.transaction(async (trx) => {
    const repo = deps.schedulingRepo.with(trx);
    if (!(await repo.cancel(userId, id, deps.clock.now().toISOString()))) return null;
    const row = await repo.find(userId, id);
    if (row) await releaseHoldsLater(deps, trx, row, 'cancelled');
    return { released: row ? holdsOf(row).length : 0 };
  });
}
