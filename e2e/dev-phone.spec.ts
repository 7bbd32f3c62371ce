import type { Page } from '@playwright/test';
import {
  expect,
  expectNoA11yViolations,
  expectNoHorizontalScroll,
  LANGS,
  type Lang,
  LOCALES,
  signInWithWorkspace,
  test,
} from './fixtures';

const TEXT = {
  en: {
    title: 'Simulated phone',
    linkedNumber: 'Linked number',
    message: 'Text message',
    send: 'Send',
    whatsOn: "What's on tomorrow?",
    // Tomorrow's meeting of the sample calendar, there whatever the weekday.
    tomorrowsEvent: 'Project review',
    book: 'Book lunch with Sam tomorrow at 12',
    askApproval: 'Reply YES to confirm',
    yes: 'YES',
    done: 'Done: ',
  },
  zh: {
    title: '模拟手机',
    linkedNumber: '已关联的号码',
    message: '短信内容',
    send: '发送',
    whatsOn: '明天有什么安排',
    tomorrowsEvent: '项目评审',
    book: '明天12点和李明吃午饭',
    askApproval: '回复“是”确认',
    yes: '是',
    done: '已完成：',
  },
} as const;

/** Types a text into the simulated phone and sends it with Enter, as a person at a keyboard would. */
async function say(page: Page, lang: Lang, body: string) {
  const box = page.getByRole('textbox', { name: TEXT[lang].message });
  await box.fill(body);
  await box.press('Enter');
  await expect(box).toHaveValue('');
  await expect(page.getByRole('log').getByTestId('phone-message-in').filter({ hasText: body })).toBeVisible();
}

for (const lang of LANGS) {
  test.describe(`simulated phone (${lang})`, () => {
    test.use({ locale: LOCALES[lang] });
    // A sign-in, a trip through the provider's page and three turns of the assistant's job queue.
    test.describe.configure({ timeout: 120_000 });
    const text = TEXT[lang];

    test('text the assistant from the linked number and read its answers', async ({
      page,
      request,
    }, testInfo) => {
      const { e164 } = await signInWithWorkspace(page, request, lang, 'phone');
      await page.goto('/dev/phone');
      await expect(page.getByRole('heading', { level: 1, name: text.title })).toBeVisible({
        timeout: 20_000,
      });
      await page.getByRole('combobox', { name: text.linkedNumber }).selectOption(e164);
      const chat = page.getByRole('log');
      const answers = chat.getByTestId('phone-message-out');
      await expect(page.getByRole('button', { name: text.send })).toBeDisabled();

      // The example fills the composer; Enter sends it.
      await page.getByRole('button', { name: text.whatsOn }).click();
      await expect(page.getByRole('textbox', { name: text.message })).toHaveValue(text.whatsOn);
      await page.getByRole('textbox', { name: text.message }).press('Enter');
      await expect(chat.getByTestId('phone-message-in').filter({ hasText: text.whatsOn })).toBeVisible();
      // The welcome text may arrive before or after the answer: look for the answer among them.
      await expect(answers.filter({ hasText: text.tomorrowsEvent })).toBeVisible({ timeout: 20_000 });

      await say(page, lang, text.book);
      await expect(answers.filter({ hasText: text.askApproval })).toBeVisible({ timeout: 20_000 });
      await say(page, lang, text.yes);
      await expect(answers.filter({ hasText: text.done })).toBeVisible({ timeout: 20_000 });

      await expectNoHorizontalScroll(page);
      await expectNoA11yViolations(page);
      // The chat is the screen on a phone: the composer sits inside the first screenful.
      const composer = page.getByRole('textbox', { name: text.message });
      const box = await composer.boundingBox();
      const viewport = page.viewportSize();
      expect(box && viewport && box.y + box.height <= viewport.height).toBe(true);
      await page.screenshot({ path: testInfo.outputPath(`dev-phone-${lang}.png`) });
    });
  });
}

test('the simulated phone says so when it is asked for a number with no texts', async ({
  page,
}, testInfo) => {
  await page.goto('/dev/phone?phone=%2B61400000001');
  await expect(page.getByRole('textbox', { name: 'Or any number' })).toHaveValue('+61400000001');
  await expect(
    page.getByText('This number is not linked to an account, so the assistant answers with how to sign up.'),
  ).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('No texts yet')).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectNoA11yViolations(page);
  await page.screenshot({ path: testInfo.outputPath('dev-phone-empty.png') });
});
