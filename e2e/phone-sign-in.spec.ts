import type { Page } from '@playwright/test';
import {
  codeFromOutbox,
  expect,
  expectNoA11yViolations,
  expectNoHorizontalScroll,
  LANGS,
  type Lang,
  LOCALES,
  overlaps,
  signInAsNewUser,
  test,
  uniquePhone,
} from './fixtures';

const TEXT = {
  en: {
    country: /^Country:/,
    search: 'Search countries',
    mobile: 'Mobile number',
    next: 'Next',
    digit: (i: number) => `Digit ${i} of 5`,
    verify: 'Verify',
    verified: 'Phone number verified successfully!',
    invalid: 'Invalid or expired verification code',
    continuePhone: 'Continue with my phone number',
    integrations: 'Integrations',
    logout: 'Log Out',
    openMenu: 'Open menu',
    userMenu: /^Account menu for/,
    noCountries: 'No countries found',
    incomplete: 'Please enter the complete 5-digit code',
    redirecting: 'Authentication required. Redirecting to login...',
    back: 'Back',
    language: 'Language',
  },
  zh: {
    country: /^国家\/地区/,
    search: '搜索国家/地区',
    mobile: '手机号码',
    next: '下一步',
    digit: (i: number) => `第 ${i} 位，共 5 位`,
    verify: '验证',
    verified: '手机号码验证成功！',
    invalid: '验证码无效或已过期',
    continuePhone: '仅使用手机号继续',
    integrations: '集成',
    logout: '退出登录',
    openMenu: '打开菜单',
    userMenu: /的账户菜单$/,
    noCountries: '未找到国家/地区',
    incomplete: '请输入完整的 5 位数验证码',
    redirecting: '需要登录，正在跳转到登录页……',
    back: '返回',
    language: '语言',
  },
} as const;

/** Picks Australia by typing "aus" + Enter, enters the number and asks for a code. */
async function requestCodeInUi(page: Page, lang: Lang, national: string) {
  const text = TEXT[lang];
  await page.goto('/login');
  await page.getByRole('button', { name: text.country }).click();
  await expect(page.getByRole('textbox', { name: text.search })).toBeFocused();
  await page.keyboard.type('aus');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: text.country })).toContainText('+61');
  const input = page.getByLabel(text.mobile);
  await expect(page.getByRole('button', { name: text.next })).toBeDisabled();
  await input.fill(national);
  // Formatted as typed, in the Australian style.
  await expect(input).toHaveValue(`${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}`);
  await input.press('Enter');
  await expect(page).toHaveURL(/\/verification$/);
}

async function enterCode(page: Page, lang: Lang, code: string) {
  await page.getByRole('textbox', { name: TEXT[lang].digit(1) }).click();
  await page.keyboard.type(code);
  await page.getByRole('button', { name: TEXT[lang].verify }).click();
}

for (const lang of LANGS) {
  test.describe(`phone sign-in (${lang})`, () => {
    test.use({ locale: LOCALES[lang] });
    const text = TEXT[lang];

    test('a new number signs up, goes to connect, continues by phone, and logs out', async ({
      page,
      request,
    }) => {
      const { national, e164 } = uniquePhone();
      await page.goto('/login');
      await expectNoA11yViolations(page);
      await expectNoHorizontalScroll(page);

      await requestCodeInUi(page, lang, national);
      await expect(page.getByRole('textbox', { name: text.digit(1) })).toBeFocused();
      await expectNoA11yViolations(page);
      await expectNoHorizontalScroll(page);

      const code = await codeFromOutbox(request, e164);
      await enterCode(page, lang, code);
      await expect(page.getByText(text.verified)).toBeVisible();
      await expect(page).toHaveURL(/\/connect$/, { timeout: 5000 });
      expect(await page.evaluate(() => localStorage.getItem('phoneVerified'))).toBe('true');
      expect(await page.evaluate(() => localStorage.getItem('pendingPhoneNumber'))).toBeNull();
      await expectNoA11yViolations(page);

      await page.getByRole('button', { name: text.continuePhone }).click();
      await expect(page).toHaveURL(/\/integrations$/);
      await expect(page.getByRole('heading', { level: 1, name: text.integrations })).toBeVisible();
      const token = await page.evaluate(
        () => JSON.parse(localStorage.getItem('session') ?? '{}').sessionToken,
      );
      expect(token).toBeTruthy();
      await expectNoA11yViolations(page);

      // Log out: the mobile menu on a phone, the user menu on a desktop.
      const isPhone = (page.viewportSize()?.width ?? 1280) < 768;
      if (isPhone) {
        await page.getByRole('button', { name: text.openMenu }).click();
        await page.getByRole('dialog').getByRole('button', { name: text.logout }).click();
      } else {
        await page.getByRole('button', { name: text.userMenu }).click();
        await expect(page.getByRole('menu')).toContainText('Phone User');
        // A phone-only account shows its number, not its placeholder address, formatted as
        // every other screen shows it (issue 19, 2.5).
        await expect(page.getByRole('menu')).toContainText(
          `+61 ${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}`,
        );
        await page.getByRole('menuitem', { name: text.logout }).click();
      }
      await expect(page).toHaveURL(/\/login$/);
      expect(await page.evaluate(() => localStorage.length)).toBe(0);
      const me = await request.get('/v1/auth/me', { headers: { authorization: `Bearer ${token}` } });
      expect(me.status()).toBe(401);
      await page.goto('/billing');
      await expect(page).toHaveURL(/\/login$/);
    });

    test('a session that ended elsewhere says so once and lands on the phone sign-in (issue 19, 2.2)', async ({
      page,
      request,
    }) => {
      const { token } = await signInAsNewUser(page, request);
      // Signed out on another device: every call the next screen makes answers 401 at once.
      await request.post('/v1/auth/logout', { headers: { authorization: `Bearer ${token}` } });
      await page.goto('/billing');
      await expect(page).toHaveURL(/\/connect$/, { timeout: 20_000 });
      await expect(page.getByLabel(text.mobile)).toBeVisible();
      await expect(page.getByText(text.redirecting)).toHaveCount(1);
      // Every call of the screen has answered by now; none added a second toast.
      await page.waitForTimeout(1000);
      await expect(page.getByText(text.redirecting)).toHaveCount(1);
    });

    test('a toast on the code page sits under Back and the language switch, one at a time (issue 19, 2.6)', async ({
      page,
    }) => {
      await page.goto('/login');
      await page.evaluate((phone) => localStorage.setItem('pendingPhoneNumber', phone), uniquePhone().e164);
      await page.goto('/verification');
      const verify = page.getByRole('button', { name: text.verify });
      // Verify with empty boxes, three times: each says the code is incomplete.
      for (let i = 0; i < 3; i++) await verify.click();
      const toast = page.getByRole('alert').filter({ hasText: text.incomplete });
      await expect(toast).toHaveCount(1);
      await page.waitForTimeout(500);
      await expect(toast).toHaveCount(1);
      const box = (await toast.boundingBox())!;
      for (const control of [
        page.getByRole('button', { name: text.back }),
        page.getByRole('radiogroup', { name: text.language }),
      ]) {
        const controlBox = (await control.boundingBox())!;
        expect(overlaps(box, controlBox), `the toast covers ${await control.textContent()}`).toBe(false);
      }
      await expectNoHorizontalScroll(page);
    });

    test('a wrong code shows the error, clears the boxes and refocuses the first', async ({
      page,
      request,
    }) => {
      const { national, e164 } = uniquePhone();
      await requestCodeInUi(page, lang, national);
      const code = await codeFromOutbox(request, e164);
      const wrong = code === '11111' ? '22222' : '11111';
      await enterCode(page, lang, wrong);
      await expect(page.getByText(text.invalid)).toBeVisible();
      for (let i = 1; i <= 5; i++)
        await expect(page.getByRole('textbox', { name: text.digit(i) })).toHaveValue('');
      await expect(page.getByRole('textbox', { name: text.digit(1) })).toBeFocused();
      await expect(page).toHaveURL(/\/verification$/);
    });

    test('an existing user lands on integrations', async ({ page, request }, testInfo) => {
      // The code screens are checked at both sizes above; where an existing user lands is the
      // server's answer and the router's, the same at both, and costs a 30 s wait for the resend
      // limit: the desktop only.
      test.skip(testInfo.project.name === 'phone', 'the same at both sizes; checked on the desktop');
      test.setTimeout(90_000);
      const { national, e164 } = uniquePhone();
      // The account exists already: signed up through the API.
      await request.post('/v1/api/send-verification-code', { data: { phoneNumber: e164 } });
      const first = await codeFromOutbox(request, e164);
      const signup = await (
        await request.post('/v1/api/verify-code', { data: { phoneNumber: e164, code: first } })
      ).json();
      expect(signup.isExistingUser).toBe(false);
      // One code per 30 s per number.
      await page.waitForTimeout(31_000);

      await requestCodeInUi(page, lang, national);
      const code = await codeFromOutbox(request, e164).then(async (c) =>
        c === first ? codeFromOutbox(request, e164) : c,
      );
      await enterCode(page, lang, code);
      await expect(page.getByText(text.verified)).toBeVisible();
      await expect(page).toHaveURL(/\/integrations$/, { timeout: 5000 });
      await expect(page.getByRole('heading', { level: 1, name: text.integrations })).toBeVisible();
    });
  });
}
