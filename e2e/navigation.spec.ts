import { expect, expectNoA11yViolations, LANGS, LOCALES, signInAsNewUser, test } from './fixtures';

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

for (const lang of LANGS) {
  test.describe(`the sign-in screen drawn ahead (${lang})`, () => {
    test.use({ locale: LOCALES[lang] });
    const title = lang === 'en' ? 'Welcome to Relay' : '欢迎使用 Relay';

    test('is in the page before any code runs, in the browser’s language, its buttons inert and its field live', async ({
      browser,
    }) => {
      const context = await browser.newContext({ javaScriptEnabled: false, locale: LOCALES[lang] });
      const page = await context.newPage();
      await page.goto('/login');
      await expect(page.locator('h1')).toHaveText(title);
      await expect(page.locator('html')).toHaveAttribute('lang', lang === 'en' ? 'en' : 'zh-CN');
      await expect(page.locator('#root > [data-drawn]')).toHaveCount(1);
      // Nothing that needs code takes a tap; the field takes typing, which the app takes over
      // (decision 330, drawn-fields.spec.ts).
      await expect(page.locator('#root button:not([inert])')).toHaveCount(0);
      await expect(page.locator('#root form:not([method="dialog"])')).toHaveCount(0);
      await expect(page.locator('#root input[type="tel"][name="phone"]:not([inert])')).toHaveCount(1);
      await context.close();
    });

    test('is replaced by the live screen, where the number can be typed and sent', async ({ page }) => {
      await page.goto('/login');
      await expect(page.locator('#root > [data-drawn]')).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(page.getByRole('progressbar')).toHaveCount(0);
      await page.getByRole('textbox').first().fill('2015550123');
      await expect(page.getByRole('button', { name: lang === 'en' ? 'Next' : '下一步' })).toBeEnabled();
      await expectNoA11yViolations(page);
    });
  });
}

test('the language picked with the switch is the language the next sign-in page arrives in', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByText('中文', { exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('欢迎使用 Relay');
  const html = await (await page.request.get('/login')).text();
  expect(html).toContain('<html lang="zh-CN"');
  expect(html).toContain('欢迎使用 Relay');
});

test("a signed-in screen's code is asked for by the page's entry, alongside the app's", async ({
  page,
  request,
}) => {
  await signInAsNewUser(page, request);
  // The app's code is held back until the screen's file is asked for (or 5 s): only the page's
  // entry can ask for it meanwhile, since the router that loads it otherwise is in the app's code.
  let screenAsked: () => void = () => undefined;
  const asked = new Promise<boolean>((resolve) => {
    screenAsked = () => resolve(true);
    setTimeout(() => resolve(false), 5000);
  });
  page.on('request', (r) => {
    if (/\/assets\/billing-page-[\w-]+\.js$/.test(r.url())) screenAsked();
  });
  await page.route(/\/assets\/start-[\w-]+\.js$/, async (route) => {
    await asked;
    await route.continue();
  });
  await page.goto('/billing');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await asked).toBe(true);
});

/** Records, in this tab's session storage, the path of every document that got to paint anything. */
async function recordPaints(page: import('@playwright/test').Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    new PerformanceObserver((list) => {
      if (list.getEntries().length === 0) return;
      const painted = JSON.parse(sessionStorage.getItem('painted') ?? '[]') as string[];
      sessionStorage.setItem('painted', JSON.stringify([...painted, location.pathname]));
    }).observe({ type: 'paint', buffered: true });
  });
  return () => page.evaluate(() => JSON.parse(sessionStorage.getItem('painted') ?? '[]') as string[]);
}

test('a signed-out visit to a signed-in screen goes to /login before anything of it is painted', async ({
  page,
}) => {
  const painted = await recordPaints(page);
  const documents: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) documents.push(new URL(frame.url()).pathname);
  });
  await page.goto('/billing', { waitUntil: 'commit' });
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to Relay');
  expect(documents[0]).toBe('/billing');
  // The billing page was left by its inline gate, in its head: it never painted a frame.
  await expect.poll(painted).toContain('/login');
  expect(await painted()).not.toContain('/billing');
});

test('a signed-in visit shows the screen drawn ahead, then the live screen, then its data', async ({
  page,
  request,
}) => {
  await signInAsNewUser(page, request);
  // The app's code and the billing data are held, so each stage can be looked at in turn.
  let releaseCode: () => void = () => undefined;
  const code = new Promise<void>((resolve) => (releaseCode = resolve));
  await page.route(/\/assets\/start-[\w-]+\.js$/, async (route) => {
    await code;
    await route.continue();
  });
  let releaseData: () => void = () => undefined;
  const data = new Promise<void>((resolve) => (releaseData = resolve));
  await page.route(/\/v1\/billing\/info/, async (route) => {
    await data;
    await route.continue();
  });
  const painted = await recordPaints(page);
  // Every state of the page's root once the server's document is whole (the drawn copy or the
  // app's, and its title): while the parser still streams the document in, a root whose heading
  // has not arrived yet is the network's doing, not a state the app shows.
  await page.addInitScript(() => {
    const states: string[] = [];
    (window as unknown as { rootStates: string[] }).rootStates = states;
    const record = () => {
      const root = document.getElementById('root');
      if (!root || document.readyState === 'loading') return;
      const state = `${root.querySelector(':scope > [data-drawn]') ? 'drawn' : 'app'} ${root.querySelector('h1')?.textContent ?? '(no title)'}`;
      if (states.at(-1) !== state) states.push(state);
    };
    new MutationObserver(record).observe(document, { childList: true, subtree: true });
    document.addEventListener('readystatechange', record);
  });
  await page.goto('/billing', { waitUntil: 'commit' });
  // Drawn by the server: the layout and the screen's loading state, no code run yet.
  const drawn = page.locator('#root > [data-drawn]');
  await expect(drawn.locator('h1')).toHaveText('Billing');
  await expect(drawn.getByText('Open the dev outbox')).toBeVisible();
  await expect.poll(painted).toEqual(['/billing']);
  const box = await drawn.locator('h1').boundingBox();
  releaseCode();
  // The app's first render replaces it with the same screen, in the same place.
  await expect(drawn).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
  expect(await page.getByRole('heading', { level: 1 }).boundingBox()).toEqual(box);
  await expect(page.getByRole('status', { name: 'Billing' })).toBeVisible();
  // Nothing in between (no spinner while a translation or a chunk loads).
  expect(await page.evaluate(() => (window as unknown as { rootStates: string[] }).rootStates)).toEqual([
    'drawn Billing',
    'app Billing',
  ]);
  releaseData();
  await expect(page.getByRole('region', { name: 'Current Plan' })).toBeVisible();
  // Someone signed in who opens the sign-in page is sent on before it is painted too.
  await page.goto('/login', { waitUntil: 'commit' });
  await expect(page).toHaveURL(/\/integrations$/);
  expect(await painted()).not.toContain('/login');
});
