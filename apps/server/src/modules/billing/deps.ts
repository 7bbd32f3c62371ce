import type { RunInTransaction } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { type PaymentsProvider, PaymentsProviderError } from '../../providers/payments/payments';
import type { SecurityEventsRepo } from '../security-events/repo';
import type { BillingRepo } from './repo';
import type { UsageReport } from './usage-report';

/** What every billing use case may need; each takes the part it uses. */
export interface BillingDeps {
  repo: BillingRepo;
  events: SecurityEventsRepo;
  payments: PaymentsProvider;
  transaction: RunInTransaction;
  usage: UsageReport;
  publicUrl: string;
  now: () => Date;
}

/** A provider failure reaches the person as PAYMENT_ERROR (502), never as a 500. */
export async function provider<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof PaymentsProviderError) throw new AppError('PAYMENT_ERROR', error.message);
    throw error;
  }
}

/** A same-origin path to come back to; anything else goes back to the billing screen. */
export function returnUrl(publicUrl: string, path: string | undefined): string {
  const safe = path && /^\/(?![/\\])/.test(path) ? path : '/billing';
  return `${publicUrl}${safe}`;
}
