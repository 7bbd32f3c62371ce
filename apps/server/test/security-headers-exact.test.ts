import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import helmet from 'helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { helmetOptions } from '../src/plugins/security-headers';
import { bearer, signIn } from './helpers/auth';
import { build } from './helpers/build';
import { freePort } from './helpers/process';

/** Raw header lines (names as sent, in order) of one GET over real HTTP. */
function rawHeaders(url: string, headers: Record<string, string> = {}): Promise<[string, string][]> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const lines: [string, string][] = [];
      for (let i = 0; i < res.rawHeaders.length; i += 2)
        lines.push([res.rawHeaders[i]!, res.rawHeaders[i + 1]!]);
      res.resume();
      res.on('end', () => resolve(lines));
    })
      .on('error', reject)
      .end();
  });
}

let app: Awaited<ReturnType<typeof build>>;
let base: string;
/** What helmet itself sends with our settings, from a plain Node server running its middleware per request. */
let expected: [string, string][];

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  app = await build({ PUBLIC_URL: base });
  await app.app.listen({ port, host: '127.0.0.1' });
  const applyHelmet = helmet(helmetOptions(base));
  const plain = createServer((req, res) => applyHelmet(req, res, () => res.end('ok')));
  await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
  expected = await rawHeaders(`http://127.0.0.1:${(plain.address() as AddressInfo).port}/`);
  plain.close();
  const known = ['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'];
  expected = expected.filter(([name]) => !known.includes(name.toLowerCase()));
});
afterAll(async () => app.close());

describe('security headers, byte for byte', () => {
  it('helmet sends a dozen headers here, the policy first', () => {
    expect(expected.length).toBeGreaterThanOrEqual(10);
    expect(expected[0]?.[0]).toBe('Content-Security-Policy');
  });

  it('every kind of response carries exactly helmet’s headers: names, values and order', async () => {
    const token = await signIn(app.app, '+61412900001');
    for (const [path, headers] of [
      ['/healthz', {}],
      ['/v1/auth/me', bearer(token)],
      ['/v1/auth/me', {}],
      ['/v1/no-such-route', {}],
      ['/dev/idp/google/.well-known/openid-configuration', {}],
    ] as const) {
      const sent = await rawHeaders(`${base}${path}`, headers);
      const names = new Set(expected.map(([name]) => name));
      expect(
        sent.filter(([name]) => names.has(name)),
        path,
      ).toEqual(expected);
    }
  });

  it('the API docs page carries swagger-ui’s own policy instead, and every other header of helmet’s', async () => {
    const sent = await rawHeaders(`${base}/docs/static/index.html`);
    const others = expected.filter(([name]) => name !== 'Content-Security-Policy');
    const names = new Set(others.map(([name]) => name));
    expect(sent.filter(([name]) => names.has(name))).toEqual(others);
    expect(sent.find(([name]) => name.toLowerCase() === 'content-security-policy')?.[1]).toContain(
      "default-src 'self'",
    );
  });
});
