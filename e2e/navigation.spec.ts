import { expect, expectNoA11yViolations, LANGS, LOCALES, signInAsNewUser, test } from './fixtures';

for (const lang of LANGS) {
  test.describe(`signed out (${lang})`, () => {
    test.use({ locale: LOCALES[lang] });

    test('opening / lands on /login', async ({ page }) => {
      await page.goto('/');
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        lang === 'en' ? 'Welcome to Relay' : '欢迎使用 Relay',
      );
      await expectNoA11yViolations(page);
    });

    test('/calendar/settings goes to /integrations, then to /login', async ({ page }) => {
      const seen: string[] = [];
      page.on('framenavigated', (frame) => {
        const path = new URL(frame.url()).pathname;
        if (frame === page.mainFrame() && seen.at(-1) !== path) seen.push(path);
      });
      await page.goto('/calendar/settings');
      await expect(page).toHaveURL(/\/login$/);
      expect(seen).toEqual(['/calendar/settings', '/integrations', '/login']);
    });

    test('an unknown path lands on /login', async ({ page }) => {
      await page.goto('/no/such/page');
      await expect(page).toHaveURL(/\/login$/);
    });
  });
}

test('the language switch changes the page and is remembered', async ({ page }) => {
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
  await page.getByText('中文', { exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('隐私政策');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('隐私政策');
});

test('the web app manifest makes it installable on a phone', async ({ request }) => {
  const manifest = await (await request.get('/manifest.webmanifest')).json();
  expect(manifest.display).toBe('standalone');
  const sizes = manifest.icons.map((icon: { sizes: string }) => icon.sizes);
  expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
  for (const icon of manifest.icons) {
    expect((await request.get(icon.src)).status(), icon.src).toBe(200);
  }
});

for (const lang of LANGS) {
  test.describe(`the sign-in screen drawn ahead (${lang})`, () => {
    test.use({ locale: LOCALES[lang] });
    const title = lang === 'en' ? 'Welcome to Relay' : '欢迎使用 Relay';

    test('is in the page before any code runs, in the browser’s language, and inert', async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled: false, locale: LOCALES[lang] });
      const page = await context.newPage();
      await page.goto('/login');
      await expect(page.locator('h1')).toHaveText(title);
      await expect(page.locator('html')).toHaveAttribute('lang', lang === 'en' ? 'en' : 'zh-CN');
      await expect(page.locator('#root > [inert]')).toHaveCount(1);
      await context.close();
    });

    test('is replaced by the live screen, where the number can be typed and sent', async ({ page }) => {
      await page.goto('/login');
      await expect(page.locator('#root > [inert]')).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(page.getByRole('progressbar')).toHaveCount(0);
      await page.getByRole('textbox').first().fill('2015550123');
      await expect(page.getByRole('button', { name: lang === 'en' ? 'Next' : '下一步' })).toBeEnabled();
      await expectNoA11yViolations(page);
    });
  });
}

test('the language picked with the switch is the language the next sign-in page arrives in', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByText('中文', { exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('欢迎使用 Relay');
  const html = await (await page.request.get('/login')).text();
  expect(html).toContain('<html lang="zh-CN"');
  expect(html).toContain('欢迎使用 Relay');
});

test("a signed-in screen's code is asked for by the page's entry, alongside the app's", async ({
  page,
  request,
}) => {
  await signInAsNewUser(page, request);
  // The app's code is held back until the screen's file is asked for (or 5 s): only the page's
  // entry can ask for it meanwhile, since the router that loads it otherwise is in the app's code.
  let screenAsked: () => void = () => undefined;
  const asked = new Promise<boolean>((resolve) => {
    screenAsked = () => resolve(true);
    setTimeout(() => resolve(false), 5000);
  });
  page.on('request', (r) => {
    if (/\/assets\/billing-page-[\w-]+\.js$/.test(r.url())) screenAsked();
  });
  await page.route(/\/assets\/start-[\w-]+\.js$/, async (route) => {
    await asked;
    await route.continue();
  });
  await page.goto('/billing');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await asked).toBe(true);
});
