import { connect } from 'node:net';
import { ZErrorBody } from '@app/contract/http';
import { describe, expect, it } from 'vitest';
import { AppError } from '../src/lib/app-error';
import { build, useApp } from './helpers/build';

describe('error handling', () => {
  const ctx = useApp({}, (app) => {
    app.get('/v1/test/boom', async () => {
      throw new Error('secret internal detail at /srv/app.ts:42');
    });
    app.post('/v1/test/echo', async (req) => ({ got: req.body }));
    app.get('/v1/test/forbidden', async () => {
      // What @fastify/static's `send` raises for a path it will not serve.
      throw Object.assign(new Error('Forbidden'), { statusCode: 403 });
    });
    app.get('/v1/test/app-error', async () => {
      throw new AppError('RATE_LIMITED', 'Slow down', { retryAfterSeconds: 17 });
    });
  });

  it('answers unknown API routes with 404 JSON in the error shape', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/v1/no/such/thing' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    const body = ZErrorBody.parse(res.json());
    expect(body.error.code).toBe('NOT_FOUND');
    expect(body.error.message).toContain('/v1/no/such/thing');
  });

  it('answers unknown API routes with 404 JSON for every method', async () => {
    const res = await ctx.app.inject({ method: 'DELETE', url: '/v1/billing/nothing' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });

  it('turns a validation failure into a 400 that names the field', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/v1/dev/outbox?limit=lots' });
    expect(res.statusCode).toBe(400);
    const body = ZErrorBody.parse(res.json());
    expect(body.error.code).toBe('VALIDATION_ERROR');
    expect(body.error.field).toBe('limit');
    expect(body.error.message).toMatch(/^limit: /);
  });

  it('names the field for an out-of-range value too', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/v1/dev/outbox?limit=100000' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.field).toBe('limit');
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v1/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"subject": ',
    });
    expect(res.statusCode).toBe(400);
    expect(ZErrorBody.parse(res.json()).error.code).toBe('BAD_REQUEST');
  });

  it('answers an oversized body with 413', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v1/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ text: 'x'.repeat(200_000) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers an unexpected error with 500, a request id and no internals', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/v1/test/boom' });
    expect(res.statusCode).toBe(500);
    const body = ZErrorBody.parse(res.json());
    expect(body.error.code).toBe('INTERNAL');
    expect(body.error.requestId).toBe(res.headers['x-request-id']);
    expect(res.body).not.toContain('secret internal detail');
    expect(res.body).not.toContain('.ts:');
    expect(res.body).not.toMatch(/stack/i);
  });

  it('passes a known error through with its code and Retry-After', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/v1/test/app-error' });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('17');
    expect(res.json()).toEqual({
      error: { code: 'RATE_LIMITED', message: 'Slow down', retryAfterSeconds: 17 },
    });
  });

  it('answers a badly encoded URL with 400 in the error shape', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/v1/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(ZErrorBody.parse(res.json()).error.code).toBe('BAD_REQUEST');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers a body of the wrong type with 415 in the error shape', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v1/test/echo',
      headers: { 'content-type': 'text/xml' },
      payload: '<a/>',
    });
    expect(res.statusCode).toBe(415);
    expect(ZErrorBody.parse(res.json()).error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it("keeps a plugin's 403 as 403 with the FORBIDDEN code", async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/v1/test/forbidden' });
    expect(res.statusCode).toBe(403);
    expect(ZErrorBody.parse(res.json()).error).toEqual({ code: 'FORBIDDEN', message: 'Forbidden' });
  });
});

describe('errors Node answers before any route runs', () => {
  it('answers oversized headers with 431 in the error shape, over real HTTP', async () => {
    const { app, close } = await build();
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as { port: number };
      const raw = await new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => {
          socket.write(`GET /v1/config HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
        });
        let data = '';
        socket.on('data', (chunk) => (data += chunk));
        socket.on('close', () => resolve(data));
        socket.on('error', reject);
      });
      const [head = '', body = ''] = raw.split('\r\n\r\n');
      expect(head).toMatch(/^HTTP\/1\.1 431 /);
      expect(head).toMatch(/content-type: application\/json/i);
      expect(ZErrorBody.parse(JSON.parse(body)).error.code).toBe('HEADERS_TOO_LARGE');
    } finally {
      await close();
    }
  });
});
