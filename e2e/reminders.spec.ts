import {
  expect,
  expectNoA11yViolations,
  expectNoHorizontalScroll,
  LANGS,
  LOCALES,
  signInWithWorkspace,
  test,
} from './fixtures';

/** Issue 30: a reminder set by text shows on the Assistant screen, is moved there and cancelled. */
const TEXT = {
  en: {
    ask: 'remind me tomorrow morning to pay rent',
    what: 'pay rent',
    card: 'Reminders',
    next: /Next: .*9:00 AM/,
    moved: /Next: .*10:30 AM/,
    changeTime: 'Change time',
    newTime: 'New time',
    save: 'Save',
    cancel: 'Cancel reminder: pay rent',
    empty: 'None yet.',
  },
  zh: {
    ask: '明天早上提醒我交房租',
    what: '交房租',
    card: '提醒',
    next: /下次：.*9:00/,
    moved: /下次：.*10:30/,
    changeTime: '修改时间',
    newTime: '新时间',
    save: '保存',
    cancel: '取消提醒：交房租',
    empty: '还没有提醒。',
  },
} as const;

for (const lang of LANGS) {
  test.describe(`reminders card (${lang})`, () => {
    test.use({ locale: LOCALES[lang] });
    test.describe.configure({ timeout: 150_000 });
    const text = TEXT[lang];

    test('a reminder set by text is listed, moved to a new time and cancelled', async ({
      page,
      request,
    }, testInfo) => {
      const { e164, token } = await signInWithWorkspace(page, request, lang, 'reminders');
      const sent = await request.post('/v1/dev/sms/inbound', { data: { from: e164, body: text.ask } });
      expect(sent.ok(), await sent.text()).toBe(true);
      await expect
        .poll(
          async () => {
            const res = await request.get('/v1/assistant/reminders', {
              headers: { authorization: `Bearer ${token}` },
            });
            return ((await res.json()) as { reminders: unknown[] }).reminders.length;
          },
          { timeout: 30_000 },
        )
        .toBe(1);

      await page.goto('/assistant');
      const card = page.getByRole('region', { name: text.card, exact: true });
      await expect(card.getByText(text.what, { exact: true })).toBeVisible({ timeout: 20_000 });
      await expect(card.getByText(text.next)).toBeVisible();
      await card.scrollIntoViewIfNeeded();
      await expectNoHorizontalScroll(page);
      await expectNoA11yViolations(page);
      await page.screenshot({
        path: testInfo.outputPath(`reminders-${lang}-${testInfo.project.name}.png`),
        fullPage: true,
      });

      await card.getByRole('button', { name: text.changeTime }).click();
      const input = card.getByLabel(text.newTime);
      const current = await input.inputValue();
      await input.fill(`${current.slice(0, 10)}T10:30`);
      await expectNoA11yViolations(page);
      await card.getByRole('button', { name: text.save, exact: true }).click();
      await expect(card.getByText(text.moved)).toBeVisible();

      await card.getByRole('button', { name: text.cancel }).click();
      await expect(card.getByText(text.empty)).toBeVisible();
      await page.screenshot({
        path: testInfo.outputPath(`reminders-${lang}-${testInfo.project.name}-empty.png`),
        fullPage: true,
      });
    });
  });
}
