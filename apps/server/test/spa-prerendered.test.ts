import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { longDate } from '@app/contract/long-date';
import { afterAll, describe, expect, it } from 'vitest';
import { pageLanguage } from '../src/plugins/spa-page';
import { useApp } from './helpers/build';

// A web build as `npm run build` leaves it: index.html with the loading mark between its
// markers, and the sign-in screen drawn ahead in both languages, for servers with every
// stand-in and with none (apps/web/tools/prerender-pages.mjs).
const dist = mkdtempSync(join(tmpdir(), 'relay-dist-'));
writeFileSync(
  join(dist, 'index.html'),
  '<!doctype html><html lang="en" data-mantine-color-scheme="light"><head><title>Relay</title></head><body><div id="root"><!--boot--><div class="boot">mark</div><!--/boot--></div></body></html>',
);
// Drawn with placeholders the server fills in: its product name and support address.
const FILL = { productName: 'PRODUCT-NAME-7f3a', supportEmail: 'support-7f3a@example.invalid' };
const year = new Date().getUTCFullYear();
const screen = (language: 'en' | 'zh', standIns: 'all' | 'none') => ({
  path: '/login',
  language,
  htmlLang: language === 'zh' ? 'zh-CN' : 'en',
  standIns,
  fill: FILL,
  year,
  html: `<main aria-label="${FILL.productName}">${FILL.productName} ${language} banner:${standIns} ${FILL.supportEmail}</main>`,
});
// A screen that prints the day it was drawn on.
const dated = (language: 'en' | 'zh') => ({
  ...screen(language, 'all'),
  path: '/privacy',
  fill: { ...FILL, today: language === 'en' ? '1 January 2000' : '2000年1月1日' },
  html: `<main>${language === 'en' ? 'Last updated: 1 January 2000' : '最后更新：2000年1月1日'}</main>`,
});
writeFileSync(
  join(dist, 'prerendered.json'),
  JSON.stringify([
    screen('en', 'all'),
    screen('zh', 'all'),
    screen('en', 'none'),
    screen('zh', 'none'),
    dated('en'),
    dated('zh'),
    // Drawn in another year: its footer would print that year.
    { ...screen('en', 'all'), path: '/connect', year: year - 1 },
  ]),
);
writeFileSync(
  join(dist, 'route-preloads.json'),
  JSON.stringify({
    '*': { scripts: ['/assets/start-1.js', '/assets/framework-2.js'], styles: [] },
    '/login': { scripts: ['/assets/login-page-3.js'], styles: [] },
    '/terms': { scripts: ['/assets/terms-page-4.js'], styles: ['/assets/terms-page-4.css'] },
    '/billing': { scripts: ['/assets/billing-page-5.js'], styles: [], signedIn: true },
  }),
);
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const root = (html: string) => html.match(/<div id="root">(.*?)<\/div><\/body>/)?.[1];

describe('the sign-in screen drawn ahead', () => {
  // The test server runs every outside service as its local stand-in.
  const ctx = useApp({ SERVE_WEB: 'true', WEB_DIST_DIR: dist });

  it('is served in the language of the browser, inert until the app replaces it', async () => {
    const zh = await ctx.app.inject({
      url: '/login',
      headers: { 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8' },
    });
    expect(root(zh.body)).toBe(
      '<div inert><main aria-label="Relay">Relay zh banner:all support@example.com</main></div>',
    );
    expect(zh.body).toContain('<html lang="zh-CN" data-mantine-color-scheme="light">');
    expect(zh.headers.vary).toBe('accept-encoding, accept-language, cookie');
    const en = await ctx.app.inject({
      url: '/login?next=1',
      headers: { 'accept-language': 'en-GB,en;q=0.9' },
    });
    expect(root(en.body)).toBe(
      '<div inert><main aria-label="Relay">Relay en banner:all support@example.com</main></div>',
    );
    expect(en.body).toContain('<html lang="en"');
  });

  it("follows the language switch's cookie over the browser's languages", async () => {
    const res = await ctx.app.inject({
      url: '/login',
      headers: { 'accept-language': 'en-US', cookie: 'session_hint=1; lang=zh' },
    });
    expect(root(res.body)).toContain('Relay zh');
  });

  it('names the code as data, fetched once the screen is painted, and the other pages as preload links', async () => {
    const login = await ctx.app.inject({ url: '/login' });
    expect(login.body).toContain(
      '<script type="application/json" id="app-preloads">["/assets/start-1.js","/assets/framework-2.js","/assets/login-page-3.js"]</script>',
    );
    expect(login.body).not.toContain('modulepreload');
    const terms = await ctx.app.inject({ url: '/terms' });
    expect(terms.body).not.toContain('app-preloads');
    expect(terms.body.match(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/start-1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/framework-2.js">',
      '<link rel="modulepreload" crossorigin href="/assets/terms-page-4.js">',
    ]);
    expect(terms.body).toContain(
      '<link rel="preload" as="style" crossorigin href="/assets/terms-page-4.css">',
    );
  });

  it('prints the day it is served on where the screen printed the day it was drawn', async () => {
    const en = await ctx.app.inject({ url: '/privacy', headers: { 'accept-language': 'en' } });
    expect(root(en.body)).toBe(`<div inert><main>Last updated: ${longDate('en', new Date())}</main></div>`);
    const zh = await ctx.app.inject({ url: '/privacy', headers: { 'accept-language': 'zh' } });
    expect(root(zh.body)).toBe(`<div inert><main>最后更新：${longDate('zh', new Date())}</main></div>`);
    expect(zh.body).not.toContain('2000');
  });

  it("names a signed-in screen's code as data, for the page's entry to ask for only where a session is stored", async () => {
    const billing = await ctx.app.inject({ url: '/billing' });
    expect(billing.body).toContain(
      '<script type="application/json" id="app-preloads-signed-in">["/assets/billing-page-5.js"]</script>',
    );
    expect(billing.body).not.toContain('href="/assets/billing-page-5.js"');
    expect(billing.body).toContain('<link rel="modulepreload" crossorigin href="/assets/start-1.js">');
  });

  it('keeps the loading mark on pages without a screen drawn ahead', async () => {
    const res = await ctx.app.inject({ url: '/billing', headers: { 'accept-language': 'zh-CN' } });
    expect(root(res.body)).toBe('<!--boot--><div class="boot">mark</div><!--/boot-->');
    expect(res.body).toContain('<html lang="en"');
    expect(res.headers.vary).toBe('accept-encoding');
  });

  it('sends the same page compressed', async () => {
    const res = await ctx.app.inject({
      url: '/login',
      headers: { 'accept-language': 'zh', 'accept-encoding': 'gzip' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(root(gunzipSync(res.rawPayload).toString())).toContain('Relay zh');
  });
});

describe('a server with its own name and support address', () => {
  const ctx = useApp({
    SERVE_WEB: 'true',
    WEB_DIST_DIR: dist,
    PRODUCT_NAME: 'Acme & "Co" <b>',
    SUPPORT_EMAIL: 'help@acme.test',
  });

  it('has them written into the screen, as text', async () => {
    const res = await ctx.app.inject({ url: '/login', headers: { 'accept-language': 'en' } });
    expect(root(res.body)).toBe(
      '<div inert><main aria-label="Acme &amp; &quot;Co&quot; &lt;b&gt;">Acme &amp; &quot;Co&quot; &lt;b&gt; en banner:all help@acme.test</main></div>',
    );
  });

  it('serves the loading mark in place of a screen drawn in another year', async () => {
    const res = await ctx.app.inject({ url: '/connect', headers: { 'accept-language': 'en' } });
    expect(root(res.body)).toContain('<div class="boot">mark</div>');
  });
});

describe('the language of a page request', () => {
  it.each([
    ['', '', 'en'],
    ['zh-CN,zh;q=0.9', '', 'zh'],
    ['zh-TW', '', 'zh'],
    ['fr-FR,fr;q=0.9,zh;q=0.8,en;q=0.7', '', 'zh'],
    ['fr-FR,en;q=0.5,zh;q=0.8', '', 'zh'],
    ['de, ja', '', 'en'],
    ['zh;q=0, en', '', 'en'],
    ['zh-CN', 'lang=en', 'en'],
    ['en', 'a=1; lang=zh; b=2', 'zh'],
    ['en', 'lang=fr', 'en'],
    ['en', 'xlang=zh', 'en'],
  ])('Accept-Language %j with cookie %j is %s', (acceptLanguage, cookie, expected) => {
    expect(pageLanguage({ acceptLanguage, cookie })).toBe(expected);
  });
});
