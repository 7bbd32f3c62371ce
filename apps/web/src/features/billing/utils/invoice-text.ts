import type { TInvoice } from '@app/contract/billing/get-billing-info';
import { PLANS } from '@app/contract/plans';
import type { TFunction } from 'i18next';

/** The statuses an invoice can have at the card provider, each with its words in billing.json. */
const STATUSES = new Set(['paid', 'open', 'void', 'uncollectible', 'draft']);

/** The card provider's line for one month of a plan: "1 × Starter Plan (at $29.00 / month)". */
const PLAN_LINE = /^(\d+) × (.+) \(at (.+) \/ month\)$/;

/**
 * An invoice as its row reads in the person's language (issue 29 #15): the provider writes
 * its description and status in English. A description that is a plan's name (what our
 * checkout and the local provider write), or the provider's line for a month of a plan, or
 * its fallback "Subscription", reads in the screen's language; anything else a deployment's
 * provider wrote is shown as written. A status the provider may add later is shown as it is.
 */
export function invoiceText(
  invoice: TInvoice,
  t: TFunction<'billing'>,
): { description: string; status: string } {
  return { description: description(invoice.description, t), status: status(invoice.status, t) };
}

function planName(name: string, t: TFunction<'billing'>): string | null {
  const plan = PLANS.find((candidate) => candidate.name === name.trim());
  return plan ? t(`plans.${plan.id}.name`) : null;
}

function description(text: string, t: TFunction<'billing'>): string {
  const plan = planName(text, t);
  if (plan) return plan;
  const line = PLAN_LINE.exec(text.trim());
  const linePlan = line ? planName(line[2]!, t) : null;
  if (line && linePlan) return t('invoices.planLine', { quantity: line[1], plan: linePlan, price: line[3] });
  if (text.trim() === 'Subscription') return t('invoices.subscription');
  return text;
}

function status(value: string, t: TFunction<'billing'>): string {
  return STATUSES.has(value) ? t(`invoices.statuses.${value}`) : value;
}
