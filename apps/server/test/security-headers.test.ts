import { describe, expect, it } from 'vitest';
import { useApp } from './helpers/build';

describe('security headers', () => {
  const ctx = useApp();

  it('sends a Content-Security-Policy that allows only self and the payment provider', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/v1/config' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    // Ourselves, the pages' two inline gates by their hashes (spa-prerendered.test.ts), the card provider.
    expect(csp).toMatch(/script-src 'self' 'sha256-[\w+/]+=' 'sha256-[\w+/]+=' https:\/\/js\.stripe\.com;/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    const scriptSrc = csp.split(';').find((d) => d.startsWith('script-src')) ?? '';
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(scriptSrc).not.toContain('unsafe-eval');
  });

  it('sends nosniff and a strict referrer policy', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('applies a rate limit to API routes', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/v1/config' });
    expect(Number(res.headers['x-ratelimit-limit'])).toBeGreaterThan(0);
  });
});

describe('rate limit', () => {
  const ctx = useApp({ RATE_LIMIT_PER_MINUTE: '3' });

  it('answers 429 with Retry-After in the error shape once the limit is spent', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await ctx.app.inject({ method: 'GET', url: '/v1/config' })).statusCode).toBe(200);
    }
    const res = await ctx.app.inject({ method: 'GET', url: '/v1/config' });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json().error.code).toBe('RATE_LIMITED');
  });
});
