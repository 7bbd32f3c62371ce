// The signed-in screens as the server draws them ahead, next to the app's first render over them:
//   node scripts/shell-screenshots.mjs <base-url> <out-dir> [path ...]
// For each path, at phone (390x844) and desktop (1280x800) sizes, signed in (a made-up session in
// localStorage, so the inline gate lets the page be painted):
//   shell-<name>-<size>.png      the page before any of the app's code runs (its scripts blocked)
//   app-<name>-<size>.png        the app's render with its data still on the way (the API held)
// and the share of pixels that differ between the two: the swap from one to the other should be
// invisible (docs/decisions/250-signed-in-shells-drawn-ahead.md).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from './chromium.mjs';

const [base, out, ...given] = process.argv.slice(2);
if (!base || !out) {
  console.error('usage: node scripts/shell-screenshots.mjs <base-url> <out-dir> [path ...]');
  process.exit(2);
}
const paths = given.length > 0 ? given : ['/integrations', '/assistant', '/billing', '/contact', '/account'];
const sizes = {
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1280, height: 800 } },
};
const lang = process.env.SHOT_LANG === 'zh' ? 'zh' : 'en';
const storage = {
  session: JSON.stringify({
    account_id: 'shot',
    sessionToken: 'shot-token',
    loginTime: new Date().toISOString(),
    provider: 'phone',
  }),
  user: JSON.stringify({
    id: 'shot',
    account_id: 'shot',
    email: '',
    name: 'Sam Lee',
    provider: 'phone',
    phoneNumber: null,
    createdAt: new Date().toISOString(),
  }),
};
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });

async function shoot(path, size, { code }) {
  const context = await browser.newContext({
    ...sizes[size],
    locale: lang === 'zh' ? 'zh-CN' : 'en-US',
    deviceScaleFactor: 1,
  });
  await context.addInitScript((entries) => {
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, storage);
  // Without the code: what the page alone paints. With it: the API never answers, so every query
  // stays pending, which is what the shell was drawn as.
  if (code) await context.route('**/v1/**', () => {});
  else await context.route('**/assets/*.js', (route) => route.abort());
  const page = await context.newPage();
  await page.goto(`${base}${path}`, { waitUntil: code ? 'load' : 'domcontentloaded' });
  if (code)
    await page.waitForFunction(() => !document.querySelector('#root > [data-drawn]'), null, {
      timeout: 20_000,
    });
  // Fonts, icons and a frame or two for the first render's slices.
  await page.waitForTimeout(code ? 1500 : 500);
  const png = await page.screenshot();
  await context.close();
  return png;
}

/** The share of pixels that differ between two screenshots of the same size (compared in a page's canvas). */
async function difference(a, b) {
  const page = await browser.newPage();
  const share = await page.evaluate(
    async ([one, two]) => {
      const load = async (b64) => {
        const image = new Image();
        image.src = `data:image/png;base64,${b64}`;
        await image.decode();
        const canvas = new OffscreenCanvas(image.width, image.height);
        const ctx = canvas.getContext('2d');
        ctx.drawImage(image, 0, 0);
        return ctx.getImageData(0, 0, image.width, image.height).data;
      };
      const [x, y] = await Promise.all([load(one), load(two)]);
      let differ = 0;
      for (let i = 0; i < x.length; i += 4)
        if (Math.abs(x[i] - y[i]) + Math.abs(x[i + 1] - y[i + 1]) + Math.abs(x[i + 2] - y[i + 2]) > 48)
          differ += 1;
      return differ / (x.length / 4);
    },
    [a.toString('base64'), b.toString('base64')],
  );
  await page.close();
  return share;
}

const { writeFileSync } = await import('node:fs');
for (const path of paths) {
  const name = path === '/' ? 'root' : path.slice(1).replaceAll('/', '-');
  for (const size of Object.keys(sizes)) {
    const shell = await shoot(path, size, { code: false });
    const app = await shoot(path, size, { code: true });
    writeFileSync(join(out, `shell-${name}-${size}.png`), shell);
    writeFileSync(join(out, `app-${name}-${size}.png`), app);
    console.log(`${path} ${size}: ${(100 * (await difference(shell, app))).toFixed(2)}% of pixels differ`);
  }
}
await browser.close();
