import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useApp } from './helpers/build';

const dist = mkdtempSync(join(tmpdir(), 'relay-dist-'));
mkdirSync(join(dist, 'assets'));
const INDEX =
  '<!doctype html><html><head><title>Relay</title></head><body><div id="root"></div><script type="module" src="/assets/index-Ab12Cd.js"></script></body></html>';
/** The page as served: its settings written in as data, with `<` escaped. */
function embeddedConfig(html: string): unknown {
  const match = html.match(/<script type="application\/json" id="app-config">(.*?)<\/script>/);
  return match ? JSON.parse(match[1] as string) : undefined;
}
writeFileSync(join(dist, 'index.html'), INDEX);
writeFileSync(join(dist, 'assets', 'index-Ab12Cd.js'), 'console.log("app")');
writeFileSync(join(dist, 'manifest.webmanifest'), '{"name":"Relay"}');
writeFileSync(
  join(dist, 'route-preloads.json'),
  JSON.stringify({
    '/login': {
      scripts: ['/assets/login-page-Zz99.js', '/assets/x.js"><script>alert(1)</script>'],
      styles: ['/assets/login-page-Zz99.css'],
    },
  }),
);
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('serving the web build', () => {
  // A name with markup in it: it must stay data inside the page.
  const ctx = useApp({ SERVE_WEB: 'true', WEB_DIST_DIR: dist, PRODUCT_NAME: 'Relay</script><b>' });

  it.each(['/billing', '/anything', '/', '/calendar/settings', '/dev/outbox'])(
    'serves index.html for %s',
    async (url) => {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(
        res.body
          .replace(/<script type="application\/json".*?<\/script>/, '')
          .replace(/<link rel="[^>]*>/g, ''),
      ).toBe(INDEX);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    },
  );

  it('writes the settings GET /v1/config answers into the page, as data that cannot close its element', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/login' });
    const config = await ctx.app.inject({ method: 'GET', url: '/v1/config' });
    expect(embeddedConfig(page.body)).toEqual(config.json());
    expect(config.json().productName).toBe('Relay</script><b>');
    expect(page.body).not.toContain('<b>');
    expect(page.body).toContain('Relay\\u003c/script>\\u003cb>');
  });

  it("names the screen's files for preloading on a page whose screen is known, and only safe names", async () => {
    const login = await ctx.app.inject({ method: 'GET', url: '/login?next=1' });
    expect(login.body).toContain('<link rel="modulepreload" crossorigin href="/assets/login-page-Zz99.js">');
    expect(login.body).toContain(
      '<link rel="preload" as="style" crossorigin href="/assets/login-page-Zz99.css">',
    );
    expect(login.body).not.toContain('alert(1)');
    const billing = await ctx.app.inject({ method: 'GET', url: '/billing' });
    expect(billing.body).not.toContain('modulepreload');
    expect(embeddedConfig(billing.body)).toEqual(embeddedConfig(login.body));
  });

  it('caches hashed assets for a year, with only the headers that apply to a script', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/assets/index-Ab12Cd.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('console.log');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['content-security-policy']).toBeUndefined();
    expect(res.headers['x-request-id']).toBeUndefined();
  });

  it('revalidates unhashed files such as the manifest', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing asset with 404, not the page', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/assets/gone-123.js' });
    expect(res.statusCode).toBe(404);
  });

  it('keeps API 404s as JSON', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/v1/unknown' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });

  it('does not answer non-GET requests with the page', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/billing' });
    expect(res.statusCode).toBe(404);
  });
});
