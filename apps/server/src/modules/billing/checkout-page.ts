import { type Language, translate } from '../../lib/messages';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE = `
  body { margin: 0; font-family: system-ui, sans-serif; background: #f4f5f7; color: #1a1b1e; }
  main { max-width: 420px; margin: 0 auto; padding: 32px 16px; }
  .card { background: #fff; border: 1px solid #dee2e6; border-radius: 16px; padding: 24px; }
  h1 { font-size: 22px; margin: 0 0 8px; }
  p { color: #495057; font-size: 14px; margin: 0 0 20px; }
  .price { font-size: 18px; color: #1a1b1e; font-weight: 600; }
  .actions { display: flex; flex-direction: column; gap: 12px; }
  button { font-size: 16px; padding: 12px; min-height: 48px; border-radius: 8px; border: 1px solid #4c3fd1; background: #4c3fd1; color: #fff; font-weight: 600; cursor: pointer; }
  button.secondary { background: #fff; color: #343a40; border-color: #adb5bd; }
  h2 { font-size: 16px; margin: 24px 0 8px; }
  .notice { background: #ebfbee; color: #1e6b30; border-radius: 8px; padding: 12px; }
  fieldset { border: 0; padding: 0; margin: 0; display: flex; flex-direction: column; gap: 8px; }
  legend { font-size: 14px; color: #495057; padding: 0; margin-bottom: 8px; }
  label.choice { display: flex; align-items: center; gap: 12px; min-height: 48px; padding: 0 12px; border: 1px solid #dee2e6; border-radius: 8px; font-size: 15px; cursor: pointer; }
  a.button { display: block; box-sizing: border-box; margin-top: 24px; text-align: center; text-decoration: none; font-size: 16px; padding: 12px; min-height: 48px; border-radius: 8px; border: 1px solid #adb5bd; color: #343a40; font-weight: 600; }`;

/** A stand-in's page: one card on a grey page, in the language asked for. */
export function page(language: Language, title: string, body: string): string {
  return `<!doctype html>
<html lang="${language === 'zh' ? 'zh-CN' : 'en'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body><main><div class="card">${body}</div></main></body>
</html>`;
}

/** The local stand-in's checkout: one plan, Pay comes first so Enter pays. */
export function checkoutPage(options: {
  language: Language;
  sessionId: string;
  sessionKey: string;
  planName: string;
  price: number;
  open: boolean;
}): string {
  const { language } = options;
  const t = (key: Parameters<typeof translate>[1], vars = {}) => escapeHtml(translate(language, key, vars));
  const price = options.price.toFixed(2);
  const form = options.open
    ? `<form method="post" action="/dev/checkout" class="actions">
<input type="hidden" name="session" value="${escapeHtml(options.sessionId)}">
<input type="hidden" name="key" value="${escapeHtml(options.sessionKey)}">
<input type="hidden" name="lang" value="${language}">
<button type="submit" name="action" value="pay">${t('checkoutPay', { price })}</button>
<button type="submit" name="action" value="decline" class="secondary">${t('checkoutDecline')}</button>
</form>`
    : `<p>${t('checkoutClosed')}</p>`;
  return page(
    language,
    translate(language, 'checkoutTitle'),
    `<h1>${t('checkoutTitle')}</h1>
<p>${t('checkoutNote')}</p>
<p class="price">${t('checkoutPlan', { plan: options.planName, price })}</p>
${form}`,
  );
}

/** The stand-in's "PDF": a printable page with what the invoice says. */
export function invoicePage(options: {
  language: Language;
  id: string;
  date: string;
  description: string;
  amount: string;
  status: string;
}): string {
  const title = translate(options.language, 'invoiceTitle', { id: options.id });
  return page(
    options.language,
    title,
    `<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(options.date.slice(0, 10))}</p>
<p>${escapeHtml(options.description)}</p>
<p class="price">${escapeHtml(options.amount)}</p>
<p>${escapeHtml(options.status)}</p>`,
  );
}
