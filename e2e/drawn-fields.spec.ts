import type { Locator, Page } from '@playwright/test';
import { expect, signInAsNewUser, test } from './fixtures';

// Issue 29, finding 12: /login and /contact are drawn at build time (apps/web/src/prerender.tsx)
// and painted before the app's code runs, so their fields take keys before the app takes over.
// Nothing typed there may be lost or garbled when the app's first render replaces the drawn
// screen (decision 330): here the app's scripts arrive late, as on a slow phone, and the
// person types at once.

/** How long each of the app's scripts is held back: the field is typed into meanwhile. */
const SCRIPT_DELAY_MS = 3000;

/** Holds back every script of the app (not the page itself or its stylesheets). */
async function delayScripts(page: Page, ms = SCRIPT_DELAY_MS): Promise<void> {
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
}

/**
 * Taps a field where it is drawn, as a person does: the click lands whatever the page's state
 * (Playwright's own click would wait until the field takes events).
 */
async function tap(page: Page, field: Locator): Promise<void> {
  await field.scrollIntoViewIfNeeded();
  const box = (await field.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  // The drawn field takes the focus (an inert one would not).
  await expect(field).toBeFocused();
}

/** Whether the app has replaced the drawn screen: the drawn field is not the one in the page any more. */
async function markDrawn(page: Page, selector: string): Promise<() => Promise<boolean>> {
  await page.evaluate((s) => {
    (document.querySelector(s) as HTMLElement & { drawnMark?: boolean }).drawnMark = true;
  }, selector);
  return () =>
    page.evaluate(
      (s) => !(document.querySelector(s) as (HTMLElement & { drawnMark?: boolean }) | null)?.drawnMark,
      selector,
    );
}

test.describe('typing on a screen drawn before its code runs (issue 29 #12)', () => {
  test.use({ locale: 'en-US', timezoneId: 'America/Los_Angeles' });

  test('/login: a number typed at once, before the app takes over, is kept and formatted', async ({
    page,
  }) => {
    await delayScripts(page);
    await page.goto('/login', { waitUntil: 'commit' });
    const field = page.getByLabel('Mobile number');
    await tap(page, field);
    const replaced = await markDrawn(page, 'input[type="tel"]');
    await page.keyboard.type('4155550210');
    // Typed into the drawn field: the app's code has not run.
    expect(await replaced()).toBe(false);
    await expect.poll(replaced, { timeout: 20_000 }).toBe(true);
    await expect(field).toHaveValue('(415) 555-0210');
    // The app's field has the focus and the caret where typing left it: the next key goes on.
    await expect(field).toBeFocused();
    await page.keyboard.press('Backspace');
    await expect(field).toHaveValue('(415) 555-021');
    await page.keyboard.type('0');
    await expect(field).toHaveValue('(415) 555-0210');
    await expect(page.getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  test('/login: typing that goes on while the app takes over loses and reorders nothing', async ({
    page,
  }) => {
    // The "(555) 502-10": the first keys went to the drawn field, the rest to the app's.
    await delayScripts(page, 600);
    await page.goto('/login', { waitUntil: 'commit' });
    const field = page.getByLabel('Mobile number');
    await tap(page, field);
    const replaced = await markDrawn(page, 'input[type="tel"]');
    // One key every 100 ms while the drawn field is there (keeping the last two for after), then
    // the rest into the app's field: keys on both sides of the takeover.
    const digits = '4155550210';
    let typed = 0;
    while (typed < digits.length - 2 && !(await replaced())) {
      await page.keyboard.type(digits[typed]!);
      typed += 1;
      await page.waitForTimeout(100);
    }
    expect(typed).toBeGreaterThan(0);
    await expect.poll(replaced, { timeout: 20_000 }).toBe(true);
    await page.keyboard.type(digits.slice(typed));
    await expect(field).toHaveValue('(415) 555-0210');
  });

  test('/login: a field focused but not typed into keeps the focus', async ({ page }) => {
    await delayScripts(page);
    await page.goto('/login', { waitUntil: 'commit' });
    const field = page.getByLabel('Mobile number');
    await tap(page, field);
    const replaced = await markDrawn(page, 'input[type="tel"]');
    await expect.poll(replaced, { timeout: 20_000 }).toBe(true);
    await expect(field).toBeFocused();
    await page.keyboard.type('4155550210');
    await expect(field).toHaveValue('(415) 555-0210');
  });

  test('/contact: subject, priority and message typed before the app takes over are kept', async ({
    page,
    request,
  }) => {
    await signInAsNewUser(page, request);
    await delayScripts(page);
    await page.goto('/contact', { waitUntil: 'commit' });
    const subject = page.getByRole('textbox', { name: 'Subject' });
    await tap(page, subject);
    const replaced = await markDrawn(page, 'textarea');
    await page.keyboard.type('Billing question');
    await page.getByRole('combobox', { name: 'Priority' }).selectOption('high');
    await tap(page, page.getByRole('textbox', { name: 'Message' }));
    await page.keyboard.type('Where is my invoice?');
    expect(await replaced()).toBe(false);
    await expect.poll(replaced, { timeout: 20_000 }).toBe(true);
    await expect(subject).toHaveValue('Billing question');
    await expect(page.getByRole('combobox', { name: 'Priority' })).toHaveValue('high');
    const message = page.getByRole('textbox', { name: 'Message' });
    await expect(message).toHaveValue('Where is my invoice?');
    await expect(message).toBeFocused();
    // The app's count follows what was taken over.
    await expect(page.getByText('20 / 5,000 characters')).toBeVisible();
  });
});
