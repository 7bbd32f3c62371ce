import {
  expect,
  expectNoA11yViolations,
  expectNoHorizontalScroll,
  LANGS,
  LOCALES,
  signInAsNewUser,
  test,
} from './fixtures';

const TEXT = {
  en: {
    title: 'Contact support',
    subject: 'Subject',
    priority: 'Priority',
    message: 'Message',
    send: 'Send Message',
    success: "Message sent successfully! We'll get back to you within 24 hours.",
    subjectRequired: 'Please enter a subject',
  },
  zh: {
    title: '联系客服',
    subject: '主题',
    priority: '优先级',
    message: '消息',
    send: '发送消息',
    success: '消息发送成功！我们将在 24 小时内回复您。',
    subjectRequired: '请输入主题',
  },
} as const;

for (const lang of LANGS) {
  test.describe(`contact support (${lang})`, () => {
    test.use({ locale: LOCALES[lang] });
    const text = TEXT[lang];

    test('sends a message, shows the success text, clears the form, and the mail reaches the outbox', async ({
      page,
      request,
    }) => {
      await signInAsNewUser(page, request);
      await page.goto('/contact');
      await expect(page.getByRole('heading', { level: 1, name: text.title })).toBeVisible();
      await expectNoA11yViolations(page);
      await expectNoHorizontalScroll(page);

      await page.getByRole('button', { name: text.send }).click();
      await expect(page.getByText(text.subjectRequired)).toBeVisible();

      const subject = `Help with my calendar ${Date.now()}`;
      await page.getByRole('textbox', { name: text.subject }).fill(subject);
      await page.getByRole('combobox', { name: text.priority }).selectOption('high');
      await page.getByRole('textbox', { name: text.message }).fill('My events from yesterday are missing.');
      await page.getByRole('button', { name: text.send }).click();

      await expect(page.getByText(text.success)).toBeVisible();
      await expect(page.getByRole('textbox', { name: text.subject })).toHaveValue('');
      await expect(page.getByRole('textbox', { name: text.message })).toHaveValue('');
      await expect(page.getByRole('combobox', { name: text.priority })).toHaveValue('medium');
      await expectNoA11yViolations(page);

      await expect
        .poll(async () => {
          const res = await request.get('/v1/dev/outbox?to=help%40relay.test&limit=50');
          const { messages } = (await res.json()) as { messages: { subject: string | null }[] };
          return messages.some((m) => m.subject === `[URGENT] [Relay support] ${subject}`);
        })
        .toBe(true);
    });
  });
}
