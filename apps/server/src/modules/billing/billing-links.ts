import { AppError } from '../../lib/app-error';
import { type Language, translate } from '../../lib/messages';
import type { BillingDeps } from './deps';
import { existingCustomer } from './ensure-customer';
import { provider } from './provider-call';

/** A same-origin path to come back to; anything else goes back to the billing screen. */
function returnUrl(publicUrl: string, path: string | undefined): string {
  const safe = path && /^\/(?![/\\])/.test(path) ? path : '/billing';
  return `${publicUrl}${safe}`;
}

async function customerOrNotFound(
  deps: Pick<BillingDeps, 'billingRepo'>,
  userId: string,
  language: Language,
) {
  const customerId = await existingCustomer(deps, userId);
  if (!customerId) throw new AppError('NOT_FOUND', translate(language, 'noBillingAccount'));
  return customerId;
}

export async function customerPortal(
  deps: Pick<BillingDeps, 'billingRepo' | 'payments' | 'publicUrl'>,
  input: { userId: string; returnPath?: string | undefined; language: Language },
): Promise<{ portalUrl: string }> {
  const customerId = await customerOrNotFound(deps, input.userId, input.language);
  const back = returnUrl(deps.publicUrl, input.returnPath);
  return { portalUrl: await provider(() => deps.payments.customerPortalUrl(customerId, back)) };
}

export async function updatePaymentMethodLink(
  deps: Pick<BillingDeps, 'billingRepo' | 'payments' | 'publicUrl'>,
  input: { userId: string; returnPath?: string | undefined; language: Language },
): Promise<{ updateUrl: string }> {
  const customerId = await customerOrNotFound(deps, input.userId, input.language);
  const back = returnUrl(deps.publicUrl, input.returnPath);
  return { updateUrl: await provider(() => deps.payments.updatePaymentMethodUrl(customerId, back)) };
}

/** Only the user's own invoices: any other id, whoever's it is, is not found. */
export async function invoiceDownload(
  deps: Pick<BillingDeps, 'billingRepo' | 'publicUrl'>,
  input: { userId: string; invoiceId: string; language: Language },
): Promise<{ downloadUrl: string }> {
  const invoice = await deps.billingRepo.findInvoice(input.userId, input.invoiceId);
  if (!invoice?.pdf_url) throw new AppError('NOT_FOUND', translate(input.language, 'invoiceNotFound'));
  return { downloadUrl: invoice.pdf_url };
}
