import { PROVIDER_NAMES } from '../../lib/provider-names';
import { PROVIDER_SCOPES, type SignInProvider } from './identity';

const TEXT = {
  en: {
    title: (provider: string) => `Sign in with ${provider}`,
    note: 'Local stand-in: no real account is used. Type any email and name.',
    email: 'Email address',
    name: 'Name',
    allow: 'Let the assistant use',
    services: { email: 'Mail', calendar: 'Calendar', contacts: 'Contacts' },
    continue: 'Continue',
    deny: 'Cancel',
    sampleName: 'Ada Lovelace',
  },
  zh: {
    title: (provider: string) => `使用 ${provider} 登录`,
    note: '本地模拟：不会使用真实账户。请输入任意邮箱和姓名。',
    email: '邮箱地址',
    name: '姓名',
    allow: '允许助手使用',
    services: { email: '邮件', calendar: '日历', contacts: '联系人' },
    continue: '继续',
    deny: '取消',
    sampleName: '艾达',
  },
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The local issuer's sign-in and consent page: one form, readable on a phone, in both
 * languages. Continue comes first in the form, so Enter submits it; it is drawn on the right.
 */
export function interactionPage(options: {
  provider: SignInProvider;
  uid: string;
  scopes: string[];
  language: 'en' | 'zh';
}): string {
  const t = TEXT[options.language];
  const providerName = PROVIDER_NAMES[options.provider];
  const services = Object.entries(PROVIDER_SCOPES[options.provider].services).filter(([, scope]) =>
    options.scopes.includes(scope),
  );
  const action = `/dev/idp/${options.provider}/interaction/${encodeURIComponent(options.uid)}`;
  const checkboxes = services
    .map(
      ([service, scope]) =>
        `<label class="check"><input type="checkbox" name="scope" value="${escapeHtml(scope)}" checked> ${escapeHtml(t.services[service as keyof typeof t.services])}</label>`,
    )
    .join('');
  return `<!doctype html>
<html lang="${options.language === 'zh' ? 'zh-CN' : 'en'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(t.title(providerName))}</title>
<style>
  body { margin: 0; font-family: system-ui, sans-serif; background: #f4f5f7; color: #1a1b1e; }
  main { max-width: 420px; margin: 0 auto; padding: 32px 16px; }
  .card { background: #fff; border: 1px solid #dee2e6; border-radius: 16px; padding: 24px; }
  h1 { font-size: 22px; margin: 0 0 8px; }
  p { color: #495057; font-size: 14px; margin: 0 0 20px; }
  label { display: block; font-weight: 600; font-size: 14px; margin-bottom: 16px; }
  input[type=email], input[type=text] { display: block; box-sizing: border-box; width: 100%; margin-top: 6px; padding: 12px; font-size: 16px; border: 1px solid #adb5bd; border-radius: 8px; }
  fieldset { border: 0; padding: 0; margin: 0 0 20px; }
  legend { font-weight: 600; font-size: 14px; margin-bottom: 8px; }
  .check { font-weight: 400; display: flex; gap: 8px; align-items: center; margin-bottom: 8px; min-height: 24px; }
  .check input { width: 20px; height: 20px; }
  .actions { display: flex; flex-direction: row-reverse; gap: 12px; }
  button { flex: 1; font-size: 16px; padding: 12px; border-radius: 8px; border: 1px solid #4c3fd1; background: #4c3fd1; color: #fff; font-weight: 600; cursor: pointer; }
  button.secondary { background: #fff; color: #343a40; border-color: #adb5bd; }
</style>
</head>
<body>
<main>
<div class="card">
<h1>${escapeHtml(t.title(providerName))}</h1>
<p>${escapeHtml(t.note)}</p>
<form method="post" action="${action}">
<label>${escapeHtml(t.email)}<input type="email" name="email" autocomplete="email" value="ada@example.com" required></label>
<label>${escapeHtml(t.name)}<input type="text" name="name" autocomplete="name" value="${escapeHtml(t.sampleName)}" required></label>
${services.length > 0 ? `<fieldset><legend>${escapeHtml(t.allow)}</legend>${checkboxes}</fieldset>` : ''}
<div class="actions">
<button type="submit" name="action" value="allow">${escapeHtml(t.continue)}</button>
<button type="submit" name="action" value="deny" class="secondary" formnovalidate>${escapeHtml(t.deny)}</button>
</div>
</form>
</div>
</main>
</body>
</html>`;
}
