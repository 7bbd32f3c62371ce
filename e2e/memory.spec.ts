import type { APIRequestContext } from '@playwright/test';
import {
  expect,
  expectNoA11yViolations,
  expectNoHorizontalScroll,
  LANGS,
  LOCALES,
  signInAsNewUser,
  test,
} from './fixtures';

/**
 * The Memory card of issue 30 (part 5), against the real server and the stand-in model: what the
 * person tells the assistant by text shows on the Assistant screen with what they said, and they
 * edit and delete it there.
 */
const TEXT = {
  en: {
    title: 'Assistant',
    memory: 'Memory',
    tell: ['remember I prefer meetings after 10', 'call me Bob'],
    facts: ['I prefer meetings after 10', 'Call me Bob'],
    youSaid: 'You said: “remember I prefer meetings after 10”',
    edit: 'Edit “I prefer meetings after 10”',
    field: 'What your assistant remembers',
    edited: 'I prefer meetings after 11',
    save: 'Save',
    delete: 'Delete “Call me Bob”',
  },
  zh: {
    title: '助手',
    memory: '记忆',
    tell: ['记住我喜欢10点以后开会', '叫我Bob'],
    facts: ['我喜欢10点以后开会', '叫我Bob'],
    youSaid: '您说过：“记住我喜欢10点以后开会”',
    edit: '编辑“我喜欢10点以后开会”',
    field: '助手记住的内容',
    edited: '我喜欢11点以后开会',
    save: '保存',
    delete: '删除“叫我Bob”',
  },
} as const;

/** Texts the assistant from the person's number and waits until it remembers `count` things. */
async function tell(request: APIRequestContext, token: string, from: string, body: string, count: number) {
  const sent = await request.post('/v1/dev/sms/inbound', { data: { from, body } });
  expect(sent.ok(), await sent.text()).toBe(true);
  await expect
    .poll(
      async () => {
        const res = await request.get('/v1/assistant/memories', {
          headers: { authorization: `Bearer ${token}` },
        });
        return ((await res.json()) as { memories: unknown[] }).memories.length;
      },
      { timeout: 30_000 },
    )
    .toBe(count);
}

for (const lang of LANGS) {
  test.describe(`memory card (${lang})`, () => {
    test.use({ locale: LOCALES[lang] });
    test.describe.configure({ timeout: 120_000 });
    const text = TEXT[lang];

    test('shows what the person told the assistant, with what they said; edits and deletes it', async ({
      page,
      request,
    }, testInfo) => {
      const { e164, token } = await signInAsNewUser(page, request, { language: lang });
      const trial = await request.post('/v1/billing/activate-trial', {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(trial.ok(), await trial.text()).toBe(true);
      await tell(request, token, e164, text.tell[0], 1);
      await tell(request, token, e164, text.tell[1], 2);

      await page.goto('/assistant');
      await expect(page.getByRole('heading', { level: 1, name: text.title })).toBeVisible({
        timeout: 20_000,
      });
      const card = page.getByRole('region', { name: text.memory });
      await expect(card.getByText(text.facts[0], { exact: true })).toBeVisible({ timeout: 20_000 });
      await expect(card.getByText(text.facts[1], { exact: true })).toBeVisible();
      await expect(card.getByText(text.youSaid)).toBeVisible();
      await card.scrollIntoViewIfNeeded();
      await expectNoHorizontalScroll(page);
      await expectNoA11yViolations(page);
      await page.screenshot({ path: testInfo.outputPath(`memory-${lang}.png`), fullPage: true });
      await card.screenshot({ path: testInfo.outputPath(`memory-card-${lang}.png`) });

      await card.getByRole('button', { name: text.edit }).click();
      const field = card.getByRole('textbox', { name: text.field });
      await field.fill(text.edited);
      await expectNoA11yViolations(page);
      await card.getByRole('button', { name: text.save }).click();
      await expect(card.getByText(text.edited, { exact: true })).toBeVisible({ timeout: 20_000 });
      await card.getByRole('button', { name: text.delete }).click();
      await expect(card.getByText(text.facts[1], { exact: true })).toHaveCount(0, { timeout: 20_000 });
      await expectNoA11yViolations(page);
      await expectNoHorizontalScroll(page);
      await page.screenshot({ path: testInfo.outputPath(`memory-edited-${lang}.png`), fullPage: true });

      const stored = await request.get('/v1/assistant/memories', {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(((await stored.json()) as { memories: { text: string }[] }).memories.map((m) => m.text)).toEqual(
        [text.edited],
      );
    });
  });
}
