import { expect, expectNoA11yViolations, LANGS, LOCALES, test } from './fixtures';

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
