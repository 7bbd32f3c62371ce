import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { useApp } from './helpers/build';

// A web build as apps/web's build leaves it: files over 1 KB have .br and .gz copies beside them.
// The copies are made here so the test does not depend on a real build.
const dist = mkdtempSync(join(tmpdir(), 'relay-dist-'));
mkdirSync(join(dist, 'assets'));
const INDEX = Buffer.from(
  `<!doctype html><html><head>${'<meta name="x" content="padding">'.repeat(40)}</head><body><div id="root"></div><script type="module" src="/assets/index-Ab12Cd.js"></script></body></html>`,
);
const SCRIPT = Buffer.from(`console.log(${JSON.stringify('the app '.repeat(500))});\n`);
const SMALL = Buffer.from('export const small = 1;\n');
function writeWithCopies(file: string, bytes: Buffer) {
  writeFileSync(join(dist, file), bytes);
  writeFileSync(join(dist, `${file}.br`), brotliCompressSync(bytes));
  writeFileSync(join(dist, `${file}.gz`), gzipSync(bytes));
}
writeWithCopies('index.html', INDEX);
writeWithCopies('assets/index-Ab12Cd.js', SCRIPT);
writeFileSync(join(dist, 'assets', 'small-Ef56.js'), SMALL);
afterAll(() => rmSync(dist, { recursive: true, force: true }));

/** What Chromium sends on a plain-HTTP page load. */
const BROWSER = 'gzip, deflate, br, zstd';

describe('compressed responses', () => {
  const ctx = useApp({ SERVE_WEB: 'true', WEB_DIST_DIR: dist });
  const get = (url: string, acceptEncoding?: string) =>
    ctx.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    });

  it('sends a built asset as its brotli copy to a browser, decoding to the exact file', async () => {
    const res = await get('/assets/index-Ab12Cd.js', BROWSER);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(res.rawPayload.length).toBeLessThan(SCRIPT.length / 10);
    expect(brotliDecompressSync(res.rawPayload).equals(SCRIPT)).toBe(true);
  });

  it('sends the gzip copy to a client that accepts only gzip', async () => {
    const res = await get('/assets/index-Ab12Cd.js', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(res.rawPayload).equals(SCRIPT)).toBe(true);
  });

  it('sends the plain file when no encoding is accepted', async () => {
    for (const acceptEncoding of [undefined, 'identity']) {
      const res = await get('/assets/index-Ab12Cd.js', acceptEncoding);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.rawPayload.equals(SCRIPT)).toBe(true);
    }
  });

  it('does not serve the compressed copies as files of their own', async () => {
    const res = await get('/assets/index-Ab12Cd.js.br', BROWSER);
    expect(res.statusCode).toBe(404);
  });

  it('compresses a small file without copies at most once', async () => {
    const res = await get('/assets/small-Ef56.js', BROWSER);
    expect(res.statusCode).toBe(200);
    const body =
      res.headers['content-encoding'] === 'br' ? brotliDecompressSync(res.rawPayload) : res.rawPayload;
    expect(body.equals(SMALL)).toBe(true);
  });

  it.each([
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ] as const)('sends the SPA page (fallback for app routes) as %s, revalidated', async (encoding, decode) => {
    const res = await get('/login', encoding);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(decode(res.rawPayload).equals((await get('/login')).rawPayload)).toBe(true);
  });

  it("sends the SPA page plain when no encoding is accepted: the build's page with its settings written in", async () => {
    const res = await get('/login');
    expect(res.headers['content-encoding']).toBeUndefined();
    const [before, after] = res.body.split(/<script type="application\/json" id="app-config">.*?<\/script>/);
    expect(`${before}${after}`).toBe(INDEX.toString());
  });

  it('compresses a large API response (the OpenAPI document) when asked', async () => {
    const plain = await get('/docs/json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().openapi).toMatch(/^3\./);

    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const res = await get('/docs/json', encoding);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(decode(res.rawPayload).equals(plain.rawPayload)).toBe(true);
    }
  });

  it('leaves small responses (/healthz) uncompressed', async () => {
    const res = await get('/healthz', BROWSER);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ status: 'ok' });
  });
});
