import { API_BASE } from '@app/contract/http';
import { ROUTES } from '@app/contract/routes';
import { describe, expect, it } from 'vitest';
import { useApp } from './helpers/build';

describe('OpenAPI document', () => {
  const ctx = useApp();

  it('is not set up at start, only when /docs is first asked for', async () => {
    expect(ctx.app.hasPlugin('@fastify/swagger')).toBe(false);
    expect(ctx.app.hasPlugin('@fastify/swagger-ui')).toBe(false);
  });

  it('is served at /docs/json and documents the served calls from the contract', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const config = doc.paths[`${API_BASE}/config`];
    expect(config.get.responses['200']).toBeDefined();
    expect(doc.paths[`${API_BASE}/dev/outbox`].get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['to', 'limit']),
    );
  });

  it('serves only paths that the contract defines', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/docs/json' })).json();
    const contractPaths = new Set(ROUTES.map((r) => `${API_BASE}${r.path.replace(/:(\w+)/g, '{$1}')}`));
    for (const path of Object.keys(doc.paths).filter((p) => p.startsWith(API_BASE))) {
      expect(contractPaths, path).toContain(path);
    }
  });

  it('serves the browsable docs page', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('swagger');
  });

  it('answers HEAD like GET without the body, and an unknown docs path like any unknown path', async () => {
    const get = await ctx.app.inject({ method: 'GET', url: '/docs/json' });
    const head = await ctx.app.inject({ method: 'HEAD', url: '/docs/json' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe(get.headers['content-type']);
    const missing = await ctx.app.inject({ method: 'GET', url: '/docs/no-such-page' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('NOT_FOUND');
  });
});

describe('OpenAPI document of a production server', () => {
  const ctx = useApp({
    NODE_ENV: 'production',
    ASSISTANT_API_KEY: 'openapi-test-key-0123456789abcdef',
    ALLOW_STAND_INS: 'true',
  });
  const paths = async (remoteAddress: string) =>
    Object.keys((await ctx.app.inject({ method: 'GET', url: '/docs/json', remoteAddress })).json().paths);

  it('does not list the internal API to the internet', async () => {
    const listed = await paths('203.0.113.9');
    expect(listed).toContain(`${API_BASE}/billing/info`);
    expect(listed.filter((path) => path.startsWith(`${API_BASE}/internal/`))).toEqual([]);
  });

  it('lists it to this machine, where the assistant service runs', async () => {
    expect(await paths('127.0.0.1')).toContain(`${API_BASE}/internal/usage`);
  });
});
