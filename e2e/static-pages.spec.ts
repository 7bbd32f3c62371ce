import { expect, expectNoA11yViolations, expectNoHorizontalScroll, LANGS, LOCALES, test } from './fixtures';

const EXPECT = {
  en: {
    privacy: { title: 'Privacy Policy', facts: [/under 13/, /30 days/, /help@relay\.test/] },
    terms: { title: 'Terms of Service', facts: [/Australia/, /help@relay\.test/] },
    guide: {
      title: 'Connect your Apple iCloud calendar and contacts',
      facts: [/app-specific password/i, /two-factor/i, /CalDAV/],
    },
  },
  zh: {
    privacy: { title: '隐私政策', facts: [/13/, /30 天/, /help@relay\.test/] },
    terms: { title: '服务条款', facts: [/澳大利亚/, /help@relay\.test/] },
    guide: { title: /Apple iCloud/, facts: [/App 专用密码/, /双重认证/, /CalDAV/] },
  },
} as const;

function today(lang: 'en' | 'zh'): string {
  return new Intl.DateTimeFormat(lang === 'zh' ? 'zh-CN' : 'en-AU', { dateStyle: 'long' }).format(new Date());
}

for (const lang of LANGS) {
  test.describe(`static pages (${lang})`, () => {
    test.use({ locale: LOCALES[lang] });

    for (const [key, path] of [
      ['privacy', '/privacy'],
      ['terms', '/terms'],
    ] as const) {
      test(`${path} renders completely, with today's date`, async ({ page }) => {
        await page.goto(path);
        const expected = EXPECT[lang][key];
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(expected.title);
        await expect(page.getByText(today(lang), { exact: false })).toBeVisible();
        const text = await page.locator('main').innerText();
        for (const fact of expected.facts) expect(text).toMatch(fact);
        expect(await page.getByRole('heading', { level: 2 }).count()).toBeGreaterThanOrEqual(10);
        await expectNoHorizontalScroll(page);
        await expectNoA11yViolations(page);
      });

      test(`${path} arrives drawn, with today's date and this server's address, before any code runs`, async ({
        browser,
      }) => {
        const context = await browser.newContext({ javaScriptEnabled: false, locale: LOCALES[lang] });
        const page = await context.newPage();
        await page.goto(path);
        const expected = EXPECT[lang][key];
        await expect(page.locator('h1')).toHaveText(expected.title);
        const text = await page.locator('main').innerText();
        expect(text).toContain(today(lang));
        for (const fact of expected.facts) expect(text).toMatch(fact);
        await context.close();
      });
    }

    test('/apple-integration-guide renders steps, what it provides and the security note', async ({
      page,
    }) => {
      await page.goto('/apple-integration-guide');
      const expected = EXPECT[lang].guide;
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(expected.title);
      await expect(page.locator('main ol > li')).toHaveCount(3);
      const text = await page.locator('main').innerText();
      for (const fact of expected.facts) expect(text).toMatch(fact);
      await expectNoHorizontalScroll(page);
      await expectNoA11yViolations(page);
    });
  });
}
