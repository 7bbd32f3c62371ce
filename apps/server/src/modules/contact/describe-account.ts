import { describePlan } from '../billing/describe-plan';
import { describeConnections } from '../integrations/describe-connections';
import type { ContactDeps } from './deps';

/** The plan and connected providers, so support can answer without asking. */
export async function describeAccount(
  deps: Pick<ContactDeps, 'billingRepo' | 'connectionsRepo' | 'clock'>,
  userId: string,
): Promise<{ plan: string; providers: string[] }> {
  return {
    plan: await describePlan(deps, userId),
    providers: await describeConnections(deps, { userId }),
  };
}
