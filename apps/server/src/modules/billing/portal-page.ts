import { type Language, translate } from '../../lib/messages';
import type { LocalPortalFlow, LocalTestCard } from '../../providers/payments/local';
import type { ProviderCard } from '../../providers/payments/payments';
import { escapeHtml, page } from './checkout-page';

/** What the portal page reports after an action, as Stripe's portal confirms one. */
export type PortalDone = 'cancelled' | 'reactivated' | 'card';

const BRANDS: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express' };
const brandName = (brand: string | null) => (brand ? (BRANDS[brand] ?? brand) : '');

/** Dates as the provider states them: the period ends at a moment, written in UTC. */
function formatDate(language: Language, iso: string): string {
  return new Intl.DateTimeFormat(language === 'zh' ? 'zh-CN' : 'en-US', {
    dateStyle: 'medium',
    timeZone: 'UTC',
  }).format(new Date(iso));
}

/**
 * The local stand-in's billing portal (Stripe's customer portal): the plan with Cancel or
 * Reactivate, the card with a choice of test cards, and the way back. Opened on the card form
 * alone (`payment_method_update`) it shows only that, as Stripe's flow does.
 */
export function portalPage(options: {
  language: Language;
  productName: string;
  sessionId: string;
  sessionKey: string;
  flow: LocalPortalFlow;
  returnUrl: string;
  plan: { name: string; price: number };
  subscription: { cancelAtPeriodEnd: boolean; currentPeriodEnd: string } | null;
  card: ProviderCard | null;
  cards: Record<LocalTestCard, ProviderCard>;
  done: PortalDone | undefined;
}): string {
  const { language, subscription } = options;
  const t = (key: Parameters<typeof translate>[1], vars = {}) => escapeHtml(translate(language, key, vars));
  const hidden = `<input type="hidden" name="session" value="${escapeHtml(options.sessionId)}">
<input type="hidden" name="key" value="${escapeHtml(options.sessionKey)}">
<input type="hidden" name="lang" value="${language}">`;
  const date = subscription ? formatDate(language, subscription.currentPeriodEnd) : '';

  const notice = {
    cancelled: () => t('portalCancelled', { date }),
    reactivated: () => t('portalReactivated'),
    card: () => t('portalCardUpdated'),
  };
  const done = options.done ? `<p class="notice" role="status">${notice[options.done]()}</p>` : '';

  const plan = subscription
    ? `<p class="price">${t('checkoutPlan', { plan: options.plan.name, price: options.plan.price.toFixed(2) })}</p>
<p>${subscription.cancelAtPeriodEnd ? t('portalCancels', { date }) : t('portalRenews', { date })}</p>
<form method="post" action="/dev/portal" class="actions">
${hidden}
${
  subscription.cancelAtPeriodEnd
    ? `<button type="submit" name="action" value="reactivate">${t('portalReactivate')}</button>`
    : `<button type="submit" name="action" value="cancel" class="secondary">${t('portalCancel')}</button>`
}
</form>`
    : `<p>${t('noSubscription')}</p>`;

  const current = options.card;
  const choices = Object.entries(options.cards)
    .map(([id, card]) => {
      const label = t('portalCardOnFile', { brand: brandName(card.brand), last4: card.last4 });
      const checked = current?.last4 === card.last4 ? ' checked' : '';
      return `<label class="choice"><input type="radio" name="card" value="${id}"${checked} required> ${label}</label>`;
    })
    .join('\n');
  const cardSection = `<p>${
    current
      ? t('portalCardOnFile', { brand: brandName(current.brand), last4: current.last4 })
      : t('portalNoCard')
  }</p>
<form method="post" action="/dev/portal" class="actions">
${hidden}
<fieldset><legend>${t('portalChooseCard')}</legend>
${choices}
</fieldset>
<button type="submit" name="action" value="card">${t('portalUseCard')}</button>
</form>`;

  const back = `<a class="button" href="${escapeHtml(options.returnUrl)}">${t('portalBack', { product: options.productName })}</a>`;
  const title = translate(language, options.flow === 'manage' ? 'portalTitle' : 'portalCardTitle');
  const body =
    options.flow === 'manage'
      ? `<h2>${t('portalPlan')}</h2>
${plan}
<h2>${t('portalPaymentMethod')}</h2>
${cardSection}`
      : cardSection;
  return page(
    language,
    title,
    `<h1>${escapeHtml(title)}</h1>
<p>${t('portalNote')}</p>
${done}
${body}
${back}`,
  );
}

/** A portal address opened too late: say so, and the way back, as Stripe's expired link does. */
export function portalExpiredPage(options: { language: Language; productName: string; returnUrl: string }) {
  const { language } = options;
  const title = translate(language, 'portalTitle');
  return page(
    language,
    title,
    `<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(translate(language, 'portalExpired'))}</p>
<a class="button" href="${escapeHtml(options.returnUrl)}">${escapeHtml(
      translate(language, 'portalBack', { product: options.productName }),
    )}</a>`,
  );
}
