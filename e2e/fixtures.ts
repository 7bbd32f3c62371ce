import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';
import { sessionStorageEntries } from '../apps/web/src/lib/session';

export type Lang = 'en' | 'zh';
export const LANGS: Lang[] = ['en', 'zh'];
export const LOCALES: Record<Lang, string> = { en: 'en-US', zh: 'zh-CN' };

/** WCAG 2.1 A and AA, the bar every screen must clear at both sizes and in both languages. */
export async function expectNoA11yViolations(page: Page): Promise<void> {
  // A toast mid-fade has partial opacity, which axe reads as low contrast: check settled pages.
  // (Endless animations, such as a spinner, are not waited for.)
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
  expect(summary).toEqual([]);
}

/** Nothing may force sideways scrolling on a phone. */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Two boxes on the page overlap (a toast over a control). */
export function overlaps(
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

let counter = 0;

/** Every test gets its own client address, as if behind a proxy: per-IP limits never leak between tests. */
export const test = base.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright requires a destructured first argument
  extraHTTPHeaders: async ({}, use, testInfo) => {
    counter += 1;
    const n = testInfo.workerIndex * 1000 + counter;
    await use({ 'x-forwarded-for': `198.51.${(n >> 8) & 255}.${n & 255}` });
  },
});

/** A fresh Australian mobile number, so tests never share per-number limits. */
export function uniquePhone(): { national: string; e164: string } {
  // 041x xxx xxx is an Australian mobile range; not every 04 number is (the server checks).
  const rest = String(Math.floor(Math.random() * 1e7)).padStart(7, '0');
  return { national: `41${rest}`, e164: `+6141${rest}` };
}

/** The newest code texted to a number, read from the dev outbox like a person would. */
export async function codeFromOutbox(request: APIRequestContext, e164: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const res = await request.get(`/v1/dev/outbox?to=${encodeURIComponent(e164)}&limit=1`);
      const body = (await res.json()) as { messages: { body: string }[] };
      code = /\b(\d{5})\b/.exec(body.messages[0]?.body ?? '')?.[1];
      return code;
    })
    .toBeTruthy();
  return code!;
}
export { expect };

/**
 * Signs a fresh phone-only user in through the real API (code from the dev outbox), then
 * stores the session the way the app does, before any page script runs. The account's language
 * is the one its sign-in page was in (the assistant texts in it), when one is given.
 */
export async function signInAsNewUser(
  page: Page,
  request: APIRequestContext,
  options: { language?: Lang } = {},
): Promise<{ e164: string; token: string }> {
  const { e164 } = uniquePhone();
  const { language } = options;
  // Without a language the requests go as they always have, so other specs keep their accounts.
  const headers: Record<string, string> = language ? { 'accept-language': LOCALES[language] } : {};
  expect(
    (
      await request.post('/v1/api/send-verification-code', {
        data: { phoneNumber: e164, ...(language ? { language } : {}) },
        headers,
      })
    ).ok(),
  ).toBe(true);
  const code = await codeFromOutbox(request, e164);
  const verified = await (
    await request.post('/v1/api/verify-code', { data: { phoneNumber: e164, code }, headers })
  ).json();
  const session = await (
    await request.post('/v1/auth/phone-session', {
      data: { verifiedPhoneToken: verified.verifiedPhoneToken },
    })
  ).json();
  // Exactly what the app's own sign-in stores (one function, shared with the app).
  const entries = sessionStorageEntries(session.user, session.sessionToken, 'phone');
  await page.addInitScript((stored) => {
    if (localStorage.getItem('session')) return;
    for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
  }, entries);
  return { e164, token: session.sessionToken };
}

/** The integrations screen and the local identity provider's consent page, as a person reads them. */
const LOCAL_GOOGLE = {
  en: {
    connect: 'Connect Google',
    connected: 'Google: connected. Show details',
    title: 'Sign in with Google',
    email: 'Email address',
    name: 'Name',
    continue: 'Continue',
  },
  zh: {
    connect: '连接 Google',
    connected: 'Google：已连接。查看详情',
    title: '使用 Google 登录',
    email: '邮箱地址',
    name: '姓名',
    continue: '继续',
  },
} as const;

/**
 * Connects Google on the integrations screen through the local identity provider, which gives
 * the account a sample workspace: what the assistant reads and books in.
 */
export async function connectLocalGoogle(page: Page, lang: Lang, who: string): Promise<void> {
  const text = LOCAL_GOOGLE[lang];
  await page.goto('/integrations');
  // The first visit of a run also loads the screen's chunks.
  await page.getByRole('button', { name: text.connect }).click({ timeout: 20_000 });
  await expect(page.getByRole('heading', { name: text.title })).toBeVisible();
  await page.getByRole('textbox', { name: text.email }).fill(`${who}.${lang}.${Date.now()}@example.com`);
  await page.getByRole('textbox', { name: text.name }).fill(`${who} ${lang}`);
  await page.getByRole('button', { name: text.continue }).click();
  await expect(page).toHaveURL(/\/integrations$/, { timeout: 15_000 });
  await expect(page.getByRole('button', { name: text.connected })).toBeVisible();
}

/**
 * A new person the assistant can work for, as a newcomer becomes one: signed in with a number
 * in `lang` (so it is linked and the assistant texts in it), on the trial, with Google connected
 * through the local identity provider (a sample calendar, mailbox and contacts).
 */
export async function signInWithWorkspace(
  page: Page,
  request: APIRequestContext,
  lang: Lang,
  who: string,
): Promise<{ e164: string; token: string }> {
  const person = await signInAsNewUser(page, request, { language: lang });
  const trial = await request.post('/v1/billing/activate-trial', {
    headers: { authorization: `Bearer ${person.token}` },
  });
  expect(trial.ok(), await trial.text()).toBe(true);
  await connectLocalGoogle(page, lang, who);
  return person;
}
