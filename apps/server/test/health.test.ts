import { describe, expect, it } from 'vitest';
import { build, useApp } from './helpers/build';

describe('health and readiness', () => {
  const ctx = useApp();

  it('answers /healthz', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers /readyz after checking the database', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', database: 'ok' });
  });

  it('reports not ready when the database is gone', async () => {
    const { app, close } = await build();
    await app.db.destroy();
    const res = await app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'not ready' });
    await close().catch(() => undefined);
  });
});
