import type { APIRequestContext } from '@playwright/test';
import {
  expect,
  expectNoA11yViolations,
  expectNoHorizontalScroll,
  LANGS,
  LOCALES,
  signInWithWorkspace,
  test,
} from './fixtures';

/** The Assistant screen of issue 22, against the real server and the stand-in model. */
const TEXT = {
  en: {
    openMenu: 'Open menu',
    nav: 'Assistant',
    title: 'Assistant',
    book: 'Book lunch with Sam tomorrow at 12',
    askApproval: 'Reply YES to confirm',
    event: 'Lunch with Sam',
    preview: '"Lunch with Sam"',
    waiting: 'Waiting for you',
    nothingWaiting: 'Nothing is waiting for your yes.',
    approve: 'Approve: ',
    yes: 'YES',
    done: 'Done',
    conversation: 'Conversation',
    log: 'Conversation with your assistant',
    today: 'Today',
    did: 'What it did',
    viaWeb: 'Approved on the web',
    textTitle: 'Text your assistant',
    settings: 'Settings',
    briefingTime: 'Briefing time',
    save: 'Save settings',
    saved: 'Settings saved.',
  },
  zh: {
    openMenu: '打开菜单',
    nav: '助手',
    title: '助手',
    book: '明天12点和李明吃午饭',
    askApproval: '回复“是”确认',
    event: '和李明吃午饭',
    preview: '“和李明吃午饭”',
    waiting: '等您确认',
    nothingWaiting: '没有等您确认的事项。',
    approve: '同意：',
    yes: '是',
    done: '已完成',
    conversation: '对话',
    log: '与助手的对话',
    today: '今天',
    did: '助手做过的事',
    viaWeb: '在网页上同意',
    textTitle: '给助手发短信',
    settings: '设置',
    briefingTime: '简报时间',
    save: '保存设置',
    saved: '设置已保存。',
  },
} as const;

/** Texts the assistant from the person's number through the simulated phone's route, and waits for its request for a yes. */
async function askToBook(request: APIRequestContext, token: string, from: string, body: string) {
  const sent = await request.post('/v1/dev/sms/inbound', { data: { from, body } });
  expect(sent.ok(), await sent.text()).toBe(true);
  await expect
    .poll(
      async () => {
        const res = await request.get('/v1/assistant/approvals', {
          headers: { authorization: `Bearer ${token}` },
        });
        return ((await res.json()) as { approvals: unknown[] }).approvals.length;
      },
      { timeout: 30_000 },
    )
    .toBe(1);
}

for (const lang of LANGS) {
  test.describe(`assistant screen (${lang})`, () => {
    test.use({ locale: LOCALES[lang] });
    // A sign-in, a trip through the provider's page and a turn of the assistant's job queue.
    test.describe.configure({ timeout: 150_000 });
    const text = TEXT[lang];

    test('read the conversation, approve a pending event and see it in What it did, change the briefing time', async ({
      page,
      request,
    }, testInfo) => {
      const { e164, token } = await signInWithWorkspace(page, request, lang, 'assistant');
      await askToBook(request, token, e164, text.book);

      // Reached from the navigation: the side bar on a desktop, the menu on a phone.
      const phone = testInfo.project.name === 'phone';
      if (phone) await page.getByRole('button', { name: text.openMenu }).click();
      await page.getByRole('link', { name: text.nav, exact: true }).click();
      await expect(page).toHaveURL(/\/assistant$/);
      await expect(page.getByRole('heading', { level: 1, name: text.title })).toBeVisible({
        timeout: 20_000,
      });

      // Read the conversation: the text and the assistant's request, under today's separator.
      const log = page.getByRole('region', { name: text.conversation }).getByRole('log', { name: text.log });
      await expect(log.getByRole('heading', { name: text.today })).toBeVisible();
      await expect(log.getByRole('listitem').filter({ hasText: text.book })).toBeVisible();
      await expect(log.getByRole('listitem').filter({ hasText: text.askApproval })).toBeVisible();
      await expect(page.getByRole('region', { name: text.textTitle })).toBeVisible();

      // Waiting for you comes first, with the whole preview.
      const waiting = page.getByRole('region', { name: text.waiting });
      const approve = waiting.getByRole('button', { name: new RegExp(`^${text.approve}`) });
      await expect(approve).toBeVisible();
      await expect(waiting).toContainText(text.event);
      await expect(waiting).toContainText(text.preview);
      await expectNoHorizontalScroll(page);
      await expectNoA11yViolations(page);
      await page.screenshot({ path: testInfo.outputPath(`assistant-waiting-${lang}.png`), fullPage: true });

      // Approve: it is done once, and shows in What it did, approved on the web.
      await approve.click();
      await expect(waiting.getByText(text.nothingWaiting)).toBeVisible({ timeout: 20_000 });
      const did = page.getByRole('region', { name: text.did });
      const row = did.getByRole('listitem').first();
      await expect(row).toContainText(text.done, { timeout: 20_000 });
      await expect(row).toContainText(text.viaWeb);
      await expect(did.getByRole('listitem')).toHaveCount(1);
      // The same yes by text afterwards runs nothing: once answered, it is done once.
      const yes = await request.post('/v1/dev/sms/inbound', { data: { from: e164, body: text.yes } });
      expect(yes.ok(), await yes.text()).toBe(true);
      await expect
        .poll(
          async () => {
            const res = await request.get('/v1/assistant/messages', {
              headers: { authorization: `Bearer ${token}` },
            });
            const { messages } = (await res.json()) as { messages: { direction: string; body: string }[] };
            const at = messages.findLastIndex((m) => m.direction === 'in' && m.body === text.yes);
            return at >= 0 && messages.slice(at + 1).some((m) => m.direction === 'out');
          },
          { timeout: 30_000 },
        )
        .toBe(true);
      const actions = await request.get('/v1/assistant/actions', {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(((await actions.json()) as { actions: unknown[] }).actions).toHaveLength(1);

      // Change the briefing time; it is kept.
      const settings = page.getByRole('region', { name: text.settings });
      await settings.getByLabel(text.briefingTime).fill('08:15');
      await settings.getByRole('button', { name: text.save }).click();
      await expect(page.getByText(text.saved)).toBeVisible();
      await expectNoA11yViolations(page);
      await expectNoHorizontalScroll(page);
      await page.screenshot({ path: testInfo.outputPath(`assistant-done-${lang}.png`), fullPage: true });

      await page.reload();
      await expect(
        page.getByRole('region', { name: text.settings }).getByLabel(text.briefingTime),
      ).toHaveValue('08:15', { timeout: 20_000 });
      const stored = await request.get('/v1/assistant/settings', {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(((await stored.json()) as { settings: { briefingTime: string } }).settings.briefingTime).toBe(
        '08:15',
      );
    });
  });
}
