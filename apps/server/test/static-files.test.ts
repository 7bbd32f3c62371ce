import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { useApp } from './helpers/build';

// The files served are the web build's, as found at start: one route answers for all of them.
const dist = mkdtempSync(join(tmpdir(), 'relay-static-'));
mkdirSync(join(dist, 'assets', 'nested'), { recursive: true });
writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head></head><body>page</body></html>');
writeFileSync(join(dist, 'assets', 'app-Ab12.js'), 'export const app = 1;\n');
writeFileSync(join(dist, 'assets', 'app-Ab12.js.br'), brotliCompressSync('export const app = 1;\n'));
writeFileSync(join(dist, 'assets', 'nested', 'deep-Cd34.css'), 'body{}\n');
writeFileSync(join(dist, 'manifest.webmanifest'), '{}');
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('the web build’s files', () => {
  const ctx = useApp({ SERVE_WEB: 'true', WEB_DIST_DIR: dist });
  const get = (url: string, method: 'GET' | 'HEAD' = 'GET') => ctx.app.inject({ method, url });

  it('serves every file found at start, nested ones too, by GET and HEAD', async () => {
    for (const path of ['/assets/app-Ab12.js', '/assets/nested/deep-Cd34.css', '/manifest.webmanifest']) {
      expect((await get(path)).statusCode, path).toBe(200);
      expect((await get(path, 'HEAD')).statusCode, path).toBe(200);
    }
    expect((await get('/assets/app-Ab12.js')).body).toBe('export const app = 1;\n');
  });

  it('never serves a compressed copy as a file of its own', async () => {
    const res = await get('/assets/app-Ab12.js.br');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });

  it('answers an unknown file with 404 and an app path with the page', async () => {
    expect((await get('/assets/missing-Zz99.js')).statusCode).toBe(404);
    const page = await get('/integrations');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('page');
    expect((await get('/')).statusCode).toBe(200);
  });

  it('does not serve a file that appeared after start (the build is read once)', async () => {
    writeFileSync(join(dist, 'assets', 'late-Ef56.js'), 'late\n');
    expect((await get('/assets/late-Ef56.js')).statusCode).toBe(404);
  });

  it('keeps unknown API paths a JSON 404', async () => {
    const res = await get('/v1/no-such-thing');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });
});
