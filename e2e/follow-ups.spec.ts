import {
  expect,
  expectNoA11yViolations,
  expectNoHorizontalScroll,
  LANGS,
  LOCALES,
  signInWithWorkspace,
  test,
} from './fixtures';

const TEXT = {
  en: {
    linkedNumber: 'Linked number',
    message: 'Text message',
    ask: 'tell me if Sam replies',
    set: "I'll tell you when Sam Okafor replies",
    control: 'Make the sample workspace move',
    who: 'Contact',
    go: 'Do it',
    arrived: 'Mail from Sam Okafor arrived',
    told: 'Sam Okafor replied to',
  },
  zh: {
    linkedNumber: '已关联的号码',
    message: '短信内容',
    ask: '李明回复了告诉我',
    set: '时我会告诉您',
    control: '让示例工作区发生变化',
    who: '联系人',
    go: '执行',
    arrived: '收到李明的邮件',
    told: '李明回复了',
  },
} as const;

/**
 * Issue 30's offline loop on `npm start`: "tell me if Sam replies" on the simulated phone, Sam's
 * reply delivered by the phone's sample-workspace control, and the one text telling of it
 * (the delivery wakes the watch; the scheduling pass runs every minute, every 5 s in these
 * journeys: playwright.config.ts).
 */
for (const lang of LANGS) {
  test.describe(`follow-ups on the simulated phone (${lang})`, () => {
    test.use({ locale: LOCALES[lang] });
    test.describe.configure({ timeout: 150_000 });
    const text = TEXT[lang];

    test('a reply delivered by the control is told once', async ({ page, request }, testInfo) => {
      const { e164, token } = await signInWithWorkspace(page, request, lang, 'follow-up');
      // Quiet hours off: the text waits for their end otherwise (decision 412), whatever the hour here.
      const quiet = await request.patch('/v1/assistant/settings', {
        headers: { authorization: `Bearer ${token}` },
        data: { quietHours: null },
      });
      expect(quiet.ok(), await quiet.text()).toBe(true);
      await page.goto('/dev/phone');
      await page.getByRole('combobox', { name: text.linkedNumber }).selectOption(e164);
      const answers = page.getByRole('log').getByTestId('phone-message-out');
      const box = page.getByRole('textbox', { name: text.message });
      await box.fill(text.ask);
      await box.press('Enter');
      await expect(answers.filter({ hasText: text.set })).toBeVisible({ timeout: 20_000 });

      const control = page.getByRole('form', { name: text.control });
      await expect(control.getByRole('textbox', { name: text.who })).toHaveValue(
        lang === 'zh' ? '李明' : 'Sam',
      );
      await control.getByRole('button', { name: text.go }).click();
      await expect(control.getByRole('status')).toContainText(text.arrived);
      await expect(answers.filter({ hasText: text.told })).toHaveCount(1, { timeout: 90_000 });

      await expectNoHorizontalScroll(page);
      await expectNoA11yViolations(page);
      await page.screenshot({ path: testInfo.outputPath(`follow-ups-${lang}.png`) });
    });
  });
}
