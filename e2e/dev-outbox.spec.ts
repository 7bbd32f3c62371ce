import { expect, expectNoA11yViolations, expectNoHorizontalScroll, LANGS, LOCALES, test } from './fixtures';

for (const lang of LANGS) {
  test.describe(`dev outbox (${lang})`, () => {
    test.use({ locale: LOCALES[lang] });

    test('is reachable from the local-mode banner and readable', async ({ page }) => {
      await page.goto('/privacy');
      await page
        .getByRole('link', { name: lang === 'en' ? 'Open the dev outbox' : '打开开发发件箱' })
        .click();
      await expect(page).toHaveURL(/\/dev\/outbox$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        lang === 'en' ? 'Dev outbox' : '开发发件箱',
      );
      await expectNoHorizontalScroll(page);
      await expectNoA11yViolations(page);
    });
  });
}

test('the JSON outbox answers with messages newest first', async ({ request }) => {
  const res = await request.get('/v1/dev/outbox');
  expect(res.status()).toBe(200);
  expect(Array.isArray((await res.json()).messages)).toBe(true);
});
