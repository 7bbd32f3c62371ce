import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { sessionStorageEntries } from '../apps/web/src/lib/session';
import {
  expect,
  expectNoA11yViolations,
  expectNoHorizontalScroll,
  LANGS,
  LOCALES,
  test,
  uniquePhone,
} from './fixtures';

/** Account journeys of issue 11: devices, the data file, deleting the account. */
const TEXT = {
  en: {
    nav: 'Account',
    openMenu: 'Open menu',
    title: 'Account',
    devices: 'Devices',
    thisDevice: 'This device',
    signOut: (device: string) => `Sign out ${device}`,
    otherDevice: 'Safari on iOS',
    signOutOthers: 'Sign out all other devices',
    signedOut: 'The device was signed out.',
    activity: 'Security activity',
    signedInPhone: 'Signed in with your phone number',
    sessionRevoked: 'Signed out a device',
    dataExported: 'Downloaded a copy of your data',
    download: 'Download my data',
    deleteCard: 'Delete my account',
    deleteDialog: 'Delete your account?',
    word: 'DELETE',
    wordInput: 'Type DELETE to confirm',
    confirmDelete: 'Delete permanently',
    deleted: 'Your account has been deleted.',
  },
  zh: {
    nav: '账户',
    openMenu: '打开菜单',
    title: '账户',
    devices: '设备',
    thisDevice: '本设备',
    signOut: (device: string) => `将 ${device} 退出登录`,
    otherDevice: 'iOS 上的 Safari',
    signOutOthers: '退出其他所有设备',
    signedOut: '已将该设备退出登录。',
    activity: '安全动态',
    signedInPhone: '使用手机号登录',
    sessionRevoked: '已将一台设备退出登录',
    dataExported: '已下载您的数据副本',
    download: '下载我的数据',
    deleteCard: '删除我的账户',
    deleteDialog: '确定删除您的账户？',
    word: '删除',
    wordInput: '输入“删除”以确认',
    confirmDelete: '永久删除',
    deleted: '您的账户已删除。',
  },
} as const;

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

/** A number may be sent a new code 30 s after the last one (design §5). */
const RESEND_WAIT_MS = 31_000;

interface SignedIn {
  token: string;
  entries: Record<string, string>;
  isNewUser: boolean;
  codeSentAt: number;
}

/**
 * Signs a number in through the real API, as a phone does: a code from the dev outbox, then
 * either a session at once (an existing user) or the phone-session step (a new one). The
 * session is made by `request`, so it carries that client's user agent and address.
 */
async function signInWithNumber(
  request: APIRequestContext,
  e164: string,
  previousCode?: string,
): Promise<SignedIn & { code: string }> {
  const sent = await request.post('/v1/api/send-verification-code', { data: { phoneNumber: e164 } });
  expect(sent.ok(), await sent.text()).toBe(true);
  const codeSentAt = Date.now();
  let code = '';
  await expect
    .poll(async () => {
      const res = await request.get(`/v1/dev/outbox?to=${encodeURIComponent(e164)}&limit=5`);
      const { messages } = (await res.json()) as { messages: { body: string }[] };
      code = messages.map((m) => /\b(\d{5})\b/.exec(m.body)?.[1]).find((c) => c && c !== previousCode) ?? '';
      return code;
    })
    .toBeTruthy();
  const verified = await (
    await request.post('/v1/api/verify-code', { data: { phoneNumber: e164, code } })
  ).json();
  if (verified.isExistingUser) {
    return {
      code,
      codeSentAt,
      isNewUser: false,
      token: verified.sessionToken,
      entries: sessionStorageEntries(verified.account, verified.sessionToken, 'phone'),
    };
  }
  const session = await (
    await request.post('/v1/auth/phone-session', {
      data: { verifiedPhoneToken: verified.verifiedPhoneToken },
    })
  ).json();
  return {
    code,
    codeSentAt,
    isNewUser: true,
    token: session.sessionToken,
    entries: sessionStorageEntries(session.user, session.sessionToken, 'phone'),
  };
}

/**
 * Stores a session in the tab the way the app's sign-in does. Once, on a public page, rather
 * than before every load: a sign-out (a 401, a deleted account) must stay signed out.
 */
async function storeSession(page: Page, entries: Record<string, string>): Promise<void> {
  await page.goto('/privacy');
  await page.evaluate((stored) => {
    for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
  }, entries);
}

async function waitToResend(since: number, page: Page): Promise<void> {
  const left = since + RESEND_WAIT_MS - Date.now();
  if (left > 0) await page.waitForTimeout(left);
}

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;

for (const lang of LANGS) {
  test.describe(`account (${lang})`, () => {
    test.use({ locale: LOCALES[lang] });
    const text = TEXT[lang];

    test('two devices: the other one is signed out here, and is signed out there', async ({
      page,
      browser,
      baseURL,
    }, testInfo) => {
      // The same number signs in twice, 30 s apart (the resend limit).
      test.setTimeout(120_000);
      const { e164 } = uniquePhone();
      const first = await signInWithNumber(page.request, e164);
      expect(first.isNewUser).toBe(true);
      await storeSession(page, first.entries);

      await waitToResend(first.codeSentAt, page);
      const other = await browser.newContext({
        baseURL,
        locale: LOCALES[lang],
        userAgent: IPHONE_UA,
        extraHTTPHeaders: { 'x-forwarded-for': `192.0.2.${(testInfo.workerIndex * 37 + 11) % 250}` },
      });
      const otherPage = await other.newPage();
      const second = await signInWithNumber(other.request, e164, first.code);
      expect(second.isNewUser).toBe(false);
      await storeSession(otherPage, second.entries);
      await otherPage.goto('/integrations');
      await expect(otherPage).toHaveURL(/\/integrations$/);

      // To the screen through the navigation: the side bar, or the menu on a phone.
      await page.goto('/integrations');
      if (isPhone(page)) await page.getByRole('button', { name: text.openMenu }).click();
      await page.getByRole('link', { name: text.nav, exact: true }).click();
      await expect(page).toHaveURL(/\/account$/);
      await expect(page.getByRole('heading', { level: 1, name: text.title })).toBeVisible();

      const devices = page.getByRole('region', { name: text.devices });
      const rows = devices.getByRole('listitem');
      await expect(rows).toHaveCount(2, { timeout: 20_000 });
      await expect(rows.first().getByText(text.thisDevice)).toBeVisible();
      await expect(rows.first().getByRole('button')).toHaveCount(0);
      const activity = page.getByRole('region', { name: text.activity });
      await expect(activity.getByText(text.signedInPhone)).toHaveCount(2);
      await expectNoA11yViolations(page);
      await expectNoHorizontalScroll(page);

      await devices.getByRole('button', { name: text.signOut(text.otherDevice) }).click();
      await expect(page.getByText(text.signedOut)).toBeVisible();
      await expect(rows).toHaveCount(1);
      await expect(devices.getByRole('button', { name: text.signOutOthers })).toBeDisabled();
      await expect(activity.getByText(text.sessionRevoked)).toBeVisible();

      // The other device learns on its next call: the server refuses it, the app signs it out.
      await otherPage.reload();
      await expect(otherPage).toHaveURL(/\/connect$/);
      expect(await otherPage.evaluate(() => localStorage.getItem('session'))).toBeNull();
      await other.close();
    });

    test('download my data: a JSON file with the profile and no secrets', async ({ page }) => {
      const { e164 } = uniquePhone();
      const signedIn = await signInWithNumber(page.request, e164);
      await storeSession(page, signedIn.entries);
      await page.goto('/account');
      const card = page.getByRole('region', { name: text.download });
      await expect(card).toBeVisible({ timeout: 20_000 });

      const downloading = page.waitForEvent('download');
      await card.getByRole('button', { name: text.download }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
      const file = readFileSync(await download.path(), 'utf8');
      const data = JSON.parse(file) as { profile: { phoneNumber: string } };
      expect(data.profile.phoneNumber).toBe(e164);
      expect(file).not.toContain(signedIn.token);
      expect(secretKeys(data)).toEqual([]);

      await expect(
        page.getByRole('region', { name: text.activity }).getByText(text.dataExported),
      ).toBeVisible();
    });

    test('delete my account: the word, then the sign-in page; the same number starts afresh', async ({
      page,
    }) => {
      test.setTimeout(120_000);
      const { e164 } = uniquePhone();
      const signedIn = await signInWithNumber(page.request, e164);
      await storeSession(page, signedIn.entries);
      await page.goto('/account');
      const card = page.getByRole('region', { name: text.deleteCard });
      await expect(card).toBeVisible({ timeout: 20_000 });
      await card.getByRole('button', { name: text.deleteCard }).click();
      const dialog = page.getByRole('dialog', { name: text.deleteDialog });
      const confirm = dialog.getByRole('button', { name: text.confirmDelete });
      await expect(confirm).toBeDisabled();
      await expectNoA11yViolations(page);
      await dialog.getByRole('textbox', { name: text.wordInput }).fill(text.word);
      await expect(confirm).toBeEnabled();
      await confirm.click();

      await expect(page).toHaveURL(/\/login$/, { timeout: 20_000 });
      await expect(page.getByText(text.deleted)).toBeVisible();
      expect(await page.evaluate(() => localStorage.getItem('session'))).toBeNull();
      // The old session went with the account.
      const old = await page.request.get('/v1/account/sessions', {
        headers: { authorization: `Bearer ${signedIn.token}` },
      });
      expect(old.status()).toBe(401);

      // Starting afresh is the server's doing and the account screen's plain lists, the same at
      // both sizes; it costs a 30 s wait for the resend limit, so it is checked on the desktop
      // only (the dialog, the sign-in page and the signed-out session above are checked on both).
      if (isPhone(page)) return;
      await waitToResend(signedIn.codeSentAt, page);
      const again = await signInWithNumber(page.request, e164, signedIn.code);
      expect(again.isNewUser).toBe(true);
      await storeSession(page, again.entries);
      await page.goto('/account');
      const activity = page.getByRole('region', { name: text.activity });
      await expect(activity.getByRole('listitem')).toHaveCount(1, { timeout: 20_000 });
      await expect(activity.getByRole('listitem')).toContainText(text.signedInPhone);
      await expect(page.getByRole('region', { name: text.devices }).getByRole('listitem')).toHaveCount(1);
    });
  });
}

/**
 * Keys that would hold a secret: a token, its hash, a password. `tokens` (usage counts) is not
 * one; every other key naming a token or password is.
 */
function secretKeys(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => secretKeys(item, `${path}[${i}]`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, child]) => {
    const here = path ? `${path}.${key}` : key;
    const secret =
      /token|password|secret|hash/i.test(key) && !/^(tokens|tokens_?used|tokens?_?count)$/i.test(key);
    return [...(secret ? [here] : []), ...secretKeys(child, here)];
  });
}
