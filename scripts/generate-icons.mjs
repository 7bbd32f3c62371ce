// Renders the app icons (PNG) from the SVG mark with the machine's Chromium.
// Run once after changing apps/web/public/icons/favicon.svg: node scripts/generate-icons.mjs
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from './chromium.mjs';

const svg = readFileSync(new URL('../apps/web/public/icons/favicon.svg', import.meta.url), 'utf8');
const out = (name) => new URL(`../apps/web/public/icons/${name}`, import.meta.url).pathname;

// Maskable icons need the mark inside the central 80% "safe zone" on a full-bleed background.
const maskable = svg
  .replace('rx="16"', 'rx="0"')
  .replace('<path', '<g transform="translate(6.4 6.4) scale(0.8)"><path')
  .replace('</svg>', '</g></svg>');

const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
const page = await browser.newPage();
for (const [name, size, source, transparent] of [
  ['icon-192.png', 192, svg, true],
  ['icon-512.png', 512, svg, true],
  ['maskable-512.png', 512, maskable, false],
  ['apple-touch-icon.png', 180, maskable, false],
]) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(
    `<html><body style="margin:0;background:${transparent ? 'transparent' : '#4338ca'}">${source.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`,
  );
  await page.screenshot({ path: out(name), omitBackground: transparent });
}
await browser.close();
console.log('icons written');
