import { createHash } from 'node:crypto';
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
  '<!doctype html><html lang="en" data-mantine-color-scheme="light"><head><meta charset="UTF-8" /><title>Relay</title><link rel="stylesheet" crossorigin href="/assets/index-0.css"></head><body><div id="root"><!--boot--><div class="boot">mark</div><!--/boot--></div></body></html>',
);
// Drawn with placeholders the server fills in: its product name and support address.
const FILL = { productName: 'PRODUCT-NAME-7f3a', supportEmail: 'support-7f3a@example.invalid' };
const year = new Date().getUTCFullYear();
// The chat's number as the build draws it (a placeholder), in a link and as shown.
const CHAT = { raw: '+15550107913', shown: '+1\u00a0555\u00a0010\u00a07913' };
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
    // Signed-in shells: the layout and the screen with its data pending; one prints the chat's number.
    ...(['en', 'zh'] as const).flatMap((language) =>
      (['all', 'none'] as const).map((standIns) => ({
        ...screen(language, standIns),
        path: '/account',
        html: `<header>${FILL.productName} banner:${standIns}</header><main>account ${language}</main>`,
      })),
    ),
    {
      ...screen('en', 'all'),
      path: '/integrations',
      fill: { ...FILL, chatSmsNumber: CHAT },
      html: `<main><p>Text ${CHAT.shown} from your phone</p><a href="sms:${CHAT.raw}">Open</a></main>`,
    },
  ]),
);
writeFileSync(
  join(dist, 'route-preloads.json'),
  JSON.stringify({
    '*': { scripts: ['/assets/start-1.js', '/assets/framework-2.js'], styles: [] },
    '/login': { scripts: ['/assets/login-page-3.js'], styles: [] },
    '/terms': { scripts: ['/assets/terms-page-4.js'], styles: ['/assets/terms-page-4.css'] },
    '/billing': { scripts: ['/assets/billing-page-5.js'], styles: [], signedIn: true },
    '/account': {
      scripts: ['/assets/account-page-6.js'],
      styles: ['/assets/account-page-6.css'],
      signedIn: true,
    },
    '/integrations': { scripts: ['/assets/integrations-page-7.js'], styles: [], signedIn: true },
  }),
);
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const root = (html: string) => html.match(/<div id="root">(.*?)<\/div><\/body>/)?.[1];

describe('the sign-in screen drawn ahead', () => {
  // The test server runs every outside service as its local stand-in.
  const ctx = useApp({ SERVE_WEB: 'true', WEB_DIST_DIR: dist });

  it('is served in the language of the browser, marked as drawn until the app replaces it', async () => {
    const zh = await ctx.app.inject({
      url: '/login',
      headers: { 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8' },
    });
    expect(root(zh.body)).toBe(
      '<div data-drawn><main aria-label="Relay">Relay zh banner:all support@example.com</main></div>',
    );
    expect(zh.body).toContain('<html lang="zh-CN" data-mantine-color-scheme="light">');
    expect(zh.headers.vary).toBe('accept-encoding, accept-language, cookie');
    const en = await ctx.app.inject({
      url: '/login?next=1',
      headers: { 'accept-language': 'en-GB,en;q=0.9' },
    });
    expect(root(en.body)).toBe(
      '<div data-drawn><main aria-label="Relay">Relay en banner:all support@example.com</main></div>',
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
    expect(root(en.body)).toBe(
      `<div data-drawn><main>Last updated: ${longDate('en', new Date())}</main></div>`,
    );
    const zh = await ctx.app.inject({ url: '/privacy', headers: { 'accept-language': 'zh' } });
    expect(root(zh.body)).toBe(`<div data-drawn><main>最后更新：${longDate('zh', new Date())}</main></div>`);
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

/** The page's inline scripts (those that run: no `type`, no `src`), as their text. */
const inlineScripts = (html: string) =>
  [...html.matchAll(/<script>(.*?)<\/script>/gs)].map((m) => m[1] ?? '');
const cspSources = (csp: string) =>
  csp
    .split(';')
    .find((directive) => directive.startsWith('script-src '))
    ?.split(' ')
    .slice(1);
const hashOf = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

describe('the signed-in screens drawn ahead', () => {
  const ctx = useApp({ SERVE_WEB: 'true', WEB_DIST_DIR: dist });

  it("serves the shell in the visitor's language, marked as drawn, with the screen's code as its own", async () => {
    const zh = await ctx.app.inject({ url: '/account', headers: { 'accept-language': 'zh-CN' } });
    expect(root(zh.body)).toBe(
      '<div data-drawn><header>Relay banner:all</header><main>account zh</main></div>',
    );
    expect(zh.body).toContain('<html lang="zh-CN"');
    expect(zh.headers.vary).toBe('accept-encoding, accept-language, cookie');
    // Painted only for someone with a session, so its files come with the app's code.
    expect(zh.body).toContain(
      '<script type="application/json" id="app-preloads">["/assets/start-1.js","/assets/framework-2.js","/assets/account-page-6.js"]</script>',
    );
    expect(zh.body).not.toContain('app-preloads-signed-in');
    // Drawn with the screen's classes: its stylesheet applies before the first paint.
    expect(zh.body).toContain('<link rel="stylesheet" crossorigin href="/assets/account-page-6.css">');
    const en = await ctx.app.inject({
      url: '/account',
      headers: { cookie: 'lang=en', 'accept-language': 'zh' },
    });
    expect(root(en.body)).toBe(
      '<div data-drawn><header>Relay banner:all</header><main>account en</main></div>',
    );
  });

  it('sends a visitor without a session to /login before anything is painted: the first script, allowed by its hash', async () => {
    for (const url of ['/account', '/billing']) {
      const res = await ctx.app.inject({ url });
      const [gate, ...others] = inlineScripts(res.body);
      expect(others).toEqual([]);
      expect(gate).toContain('location.replace("/login")');
      // Right after the character set, before any stylesheet the paint would wait for.
      expect(res.body).toMatch(/<head>\s*<meta charset="UTF-8" \/><script>/);
      expect(res.body.indexOf('<script>')).toBeLessThan(res.body.indexOf('<link'));
      expect(cspSources(String(res.headers['content-security-policy']))).toContain(hashOf(gate as string));
      expect(cspSources(String(res.headers['content-security-policy']))).not.toContain("'unsafe-inline'");
    }
  });

  it('sends someone with a session on from /login, by a script the policy allows the same way', async () => {
    const res = await ctx.app.inject({ url: '/login' });
    const [gate, ...others] = inlineScripts(res.body);
    expect(others).toEqual([]);
    expect(gate).toContain('location.replace("/integrations")');
    expect(cspSources(String(res.headers['content-security-policy']))).toContain(hashOf(gate as string));
  });

  it('allows exactly the two gates and ourselves, and puts no gate on the other public pages', async () => {
    const login = inlineScripts((await ctx.app.inject({ url: '/login' })).body);
    const account = inlineScripts((await ctx.app.inject({ url: '/account' })).body);
    const res = await ctx.app.inject({ url: '/privacy' });
    expect(inlineScripts(res.body)).toEqual([]);
    expect(inlineScripts((await ctx.app.inject({ url: '/terms' })).body)).toEqual([]);
    expect(cspSources(String(res.headers['content-security-policy']))).toEqual([
      "'self'",
      ...[...account, ...login].map(hashOf),
      'https://js.stripe.com',
    ]);
  });

  it("writes the server's chat number into the shell, in the link and as shown", async () => {
    const res = await ctx.app.inject({ url: '/integrations', headers: { 'accept-language': 'en' } });
    expect(root(res.body)).toBe(
      '<div data-drawn><main><p>Text +1\u00a0555\u00a0010\u00a00000 from your phone</p><a href="sms:+15550100000">Open</a></main></div>',
    );
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
      '<div data-drawn><main aria-label="Acme &amp; &quot;Co&quot; &lt;b&gt;">Acme &amp; &quot;Co&quot; &lt;b&gt; en banner:all help@acme.test</main></div>',
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
