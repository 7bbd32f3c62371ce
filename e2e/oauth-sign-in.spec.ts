import type { Page } from '@playwright/test';
import {
  codeFromOutbox,
  expect,
  expectNoA11yViolations,
  expectNoHorizontalScroll,
  LANGS,
  type Lang,
  LOCALES,
  test,
  uniquePhone,
} from './fixtures';

const TEXT = {
  en: {
    gmail: 'Connect with Gmail',
    outlook: 'Connect with Outlook',
    idpTitle: (provider: string) => `Sign in with ${provider}`,
    email: 'Email address',
    name: 'Name',
    continue: 'Continue',
    cancel: 'Cancel',
    failed: 'Connection Failed',
    userMenu: (name: string) => `Account menu for ${name}`,
    integrations: 'Integrations',
  },
  zh: {
    gmail: '使用 Gmail 连接',
    outlook: '使用 Outlook 连接',
    idpTitle: (provider: string) => `使用 ${provider} 登录`,
    email: '邮箱地址',
    name: '姓名',
    continue: '继续',
    cancel: '取消',
    failed: '连接失败',
    userMenu: (name: string) => `${name} 的账户菜单`,
    integrations: '集成',
  },
} as const;

/** On the local identity provider's page: checks it as a person would, then signs in or declines. */
async function consent(
  page: Page,
  lang: Lang,
  provider: string,
  who: { email: string; name: string } | 'decline',
) {
  const text = TEXT[lang];
  await expect(page.getByRole('heading', { name: text.idpTitle(provider) })).toBeVisible();
  await expectNoA11yViolations(page);
  await expectNoHorizontalScroll(page);
  if (who === 'decline') {
    await page.getByRole('button', { name: text.cancel }).click();
    return;
  }
  await page.getByRole('textbox', { name: text.email }).fill(who.email);
  await page.getByRole('textbox', { name: text.name }).fill(who.name);
  await page.getByRole('button', { name: text.continue }).click();
}

for (const lang of LANGS) {
  test.describe(`OAuth sign-in (${lang})`, () => {
    test.use({ locale: LOCALES[lang] });
    const text = TEXT[lang];

    for (const [button, provider] of [
      ['gmail', 'Google'],
      ['outlook', 'Microsoft'],
    ] as const) {
      test(`signs in with "${provider}" through the local provider and lands on integrations`, async ({
        page,
      }) => {
        const name = `${provider} Tester ${lang}`;
        await page.goto('/login');
        await page.getByRole('button', { name: text[button] }).click();
        await consent(page, lang, provider, { email: `${lang}.${button}@example.com`, name });
        await expect(page).toHaveURL(/\/integrations$/, { timeout: 15_000 });
        // Nothing of the sign-in is left in the address bar.
        expect(page.url()).not.toMatch(/ticket|token|#/);
        await expect(page.getByRole('button', { name: text.userMenu(name) })).toBeVisible();
      });
    }

    test('declining consent shows the failure screen', async ({ page }) => {
      await page.goto('/login');
      await page.getByRole('button', { name: text.gmail }).click();
      await consent(page, lang, 'Google', 'decline');
      await expect(page.getByRole('heading', { name: text.failed })).toBeVisible({ timeout: 15_000 });
      expect(page.url()).not.toContain('#');
      await expectNoA11yViolations(page);
    });

    test('a phone-verified new user links Gmail from the connect page and keeps the number', async ({
      page,
      request,
    }) => {
      const { e164 } = uniquePhone();
      expect(
        (await request.post('/v1/api/send-verification-code', { data: { phoneNumber: e164 } })).ok(),
      ).toBe(true);
      const code = await codeFromOutbox(request, e164);
      // Verified in this page's browser: the proof works only beside the cookie verify-code sets.
      const verified = await (
        await page.request.post('/v1/api/verify-code', { data: { phoneNumber: e164, code } })
      ).json();
      await page.addInitScript(
        ({ proof, number }) => {
          if (sessionStorage.getItem('verified_phone_token') === null && !localStorage.getItem('session')) {
            sessionStorage.setItem('verified_phone_token', proof);
            localStorage.setItem('verifiedPhoneNumber', number);
          }
        },
        { proof: verified.verifiedPhoneToken as string, number: e164 },
      );
      await page.goto('/connect');
      const name = `Linked ${lang}`;
      await page.getByRole('button', { name: text.gmail }).click();
      await consent(page, lang, 'Google', { email: `${lang}.linked.${Date.now()}@example.com`, name });
      await expect(page).toHaveURL(/\/integrations$/, { timeout: 15_000 });
      const token = await page.evaluate(
        () => JSON.parse(localStorage.getItem('session') ?? '{}').sessionToken,
      );
      const me = await (
        await request.get('/v1/auth/me', { headers: { authorization: `Bearer ${token}` } })
      ).json();
      expect(me.user).toMatchObject({ phoneNumber: e164, name, provider: 'google' });
    });
  });
}
