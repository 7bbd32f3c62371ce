// Screenshot a page the way a person sees it: node scripts/screenshot.mjs <url> <out.png> [width] [height] [en|zh]
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from './chromium.mjs';

const [url, out, width = '390', height = '844', lang = 'en'] = process.argv.slice(2);
if (!url || !out) {
  console.error('usage: node scripts/screenshot.mjs <url> <out.png> [width] [height] [en|zh]');
  process.exit(2);
}
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
const context = await browser.newContext({
  viewport: { width: Number(width), height: Number(height) },
  locale: lang === 'zh' ? 'zh-CN' : 'en-US',
  deviceScaleFactor: 1,
  isMobile: Number(width) < 600,
  hasTouch: Number(width) < 600,
});
const page = await context.newPage();
await page.goto(url, { waitUntil: 'networkidle' });
await page.screenshot({ path: out, fullPage: process.env.FULL === '1' });
console.log(page.url());
await browser.close();
