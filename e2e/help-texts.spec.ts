import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
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
 * The help texts' switches on the Assistant screen's settings (issue 31, part 4), against the
 * real server: all off for a new person; each turned on and off, saved, and still so after a
 * reload and in what the server keeps.
 */
const TEXT = {
  en: {
    title: 'Assistant',
    settings: 'Settings',
    group: 'Texts when something needs you',
    hint: 'Off by default; never in quiet hours, at most 3 a day.',
    replies: "A reply on a thread you're waiting on",
    important: 'Mail from someone you said matters',
    overlaps: 'A new invitation that overlaps an event you accepted',
    save: 'Save settings',
    saved: 'Settings saved.',
  },
  zh: {
    title: '助手',
    settings: '设置',
    group: '需要您关注时发短信',
    hint: '默认关闭；免打扰时段不发，每天最多 3 条。',
    replies: '您在等的邮件有了回复',
    important: '您说过重要的人发来邮件',
    overlaps: '新邀请与您已接受的活动时间重叠',
    save: '保存设置',
    saved: '设置已保存。',
  },
} as const;

type Kind = 'replies' | 'important' | 'overlaps';
const KINDS: Kind[] = ['replies', 'important', 'overlaps'];
const SHOTS = '/tmp/helpui-shots';

async function stored(request: APIRequestContext, token: string) {
  const res = await request.get('/v1/assistant/settings', { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as { settings: { helpTexts: Record<Kind, boolean> } }).settings.helpTexts;
}

/** The help texts' group of the settings card, once the screen has loaded. */
async function helpGroup(page: Page, lang: 'en' | 'zh'): Promise<Locator> {
  await expect(page.getByRole('heading', { level: 1, name: TEXT[lang].title })).toBeVisible({
    timeout: 20_000,
  });
  const group = page.getByRole('region', { name: TEXT[lang].settings }).getByRole('group', {
    name: TEXT[lang].group,
  });
  await expect(group.getByRole('switch', { name: TEXT[lang].replies })).toBeVisible({ timeout: 20_000 });
  return group;
}

async function expectSwitches(group: Locator, lang: 'en' | 'zh', want: Record<Kind, boolean>) {
  for (const kind of KINDS) {
    const control = group.getByRole('switch', { name: TEXT[lang][kind] });
    if (want[kind]) await expect(control).toBeChecked();
    else await expect(control).not.toBeChecked();
  }
}

/** Sets the switches to `want` by tapping those that differ, saves, and waits for the toast. */
async function setAndSave(page: Page, group: Locator, lang: 'en' | 'zh', want: Record<Kind, boolean>) {
  for (const kind of KINDS) {
    const control = group.getByRole('switch', { name: TEXT[lang][kind] });
    // The switch's input covers its whole row: a tap anywhere on the row lands on it.
    if ((await control.isChecked()) !== want[kind]) await control.click();
  }
  await expectSwitches(group, lang, want);
  await page
    .getByRole('region', { name: TEXT[lang].settings })
    .getByRole('button', { name: TEXT[lang].save })
    .click();
  await expect(page.getByText(TEXT[lang].saved)).toBeVisible({ timeout: 20_000 });
}

for (const lang of LANGS) {
  test.describe(`help texts (${lang})`, () => {
    test.use({ locale: LOCALES[lang] });
    test.describe.configure({ timeout: 120_000 });
    const text = TEXT[lang];

    test('each switch turns on and off, saved and kept after a reload', async ({
      page,
      request,
    }, testInfo) => {
      const { token } = await signInAsNewUser(page, request, { language: lang });
      await page.goto('/assistant');
      let group = await helpGroup(page, lang);
      await expect(group.getByText(text.hint)).toBeVisible();
      await expectSwitches(group, lang, { replies: false, important: false, overlaps: false });

      const phone = testInfo.project.name === 'phone';
      if (phone) {
        // What a tap lands on (the switch's input, which covers its row) is at least 44 px tall.
        for (const kind of KINDS) {
          const box = await group.getByRole('switch', { name: text[kind] }).boundingBox();
          expect(box?.height, `${kind}: tap target height`).toBeGreaterThanOrEqual(44);
          expect(box?.width, `${kind}: tap target width`).toBeGreaterThanOrEqual(200);
        }
      }

      const first = { replies: true, important: false, overlaps: true };
      await setAndSave(page, group, lang, first);
      await group.scrollIntoViewIfNeeded();
      await expectNoA11yViolations(page);
      await expectNoHorizontalScroll(page);
      mkdirSync(SHOTS, { recursive: true });
      await group.screenshot({ path: `${SHOTS}/help-texts-${lang}-${testInfo.project.name}.png` });
      await page.screenshot({ path: `${SHOTS}/help-texts-view-${lang}-${testInfo.project.name}.png` });
      await page.reload();
      group = await helpGroup(page, lang);
      await expectSwitches(group, lang, first);
      expect(await stored(request, token)).toEqual(first);

      // Each one the other way: what was on goes off, what was off comes on.
      const second = { replies: false, important: true, overlaps: false };
      await setAndSave(page, group, lang, second);
      await page.reload();
      group = await helpGroup(page, lang);
      await expectSwitches(group, lang, second);
      expect(await stored(request, token)).toEqual(second);
      await expectNoA11yViolations(page);
      await group.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/help-texts-page-${lang}-${testInfo.project.name}.png` });
    });
  });
}
