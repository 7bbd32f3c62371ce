import { expect } from 'vitest';
import { bearer } from './auth';
import { TestBrowser } from './browser';

export type Slug = 'google' | 'azure' | 'facebook';

export interface Consent {
  email?: string;
  name?: string;
  /** Scopes to untick on the consent page. */
  untick?: string[];
  deny?: boolean;
}

/** Asks our server for the authorization URL, as the given browser (which gets the flow cookie). */
export async function startOAuth(
  base: string,
  slug: Slug,
  browser: TestBrowser,
  init: { token?: string; verifiedPhone?: string } = {},
): Promise<string> {
  const query = init.verifiedPhone ? `?verified_phone=${encodeURIComponent(init.verifiedPhone)}` : '';
  const started = await browser.request(`${base}/v1/${slug}/oauth-init/auth${query}`, {
    headers: init.token ? bearer(init.token) : {},
  });
  expect(started.status, await started.clone().text()).toBe(200);
  return ((await started.json()) as { authUrl: string }).authUrl;
}

/**
 * The whole browser leg over real HTTP: starts, signs in on the local issuer's page, and returns
 * where the browser lands (or `stopAt`). With a session token it connects instead of signing in.
 */
export async function authorize(
  base: string,
  slug: Slug,
  consent: Consent = {},
  init: { token?: string; verifiedPhone?: string; browser?: TestBrowser } = {},
  stopAt?: RegExp,
) {
  const browser = init.browser ?? new TestBrowser();
  const page = await browser.follow(await startOAuth(base, slug, browser, init));
  expect(page.status).toBe(200);
  expect(page.url).toMatch(/\/dev\/idp\/(google|microsoft|facebook)\/interaction\//);
  const form = new URLSearchParams({
    email: consent.email ?? 'ada@example.com',
    name: consent.name ?? 'Ada Lovelace',
    action: consent.deny ? 'deny' : 'allow',
  });
  for (const [, scope] of page.body.matchAll(/name="scope" value="([^"]+)"/g)) {
    if (!consent.untick?.some((unticked) => scope!.includes(unticked))) form.append('scope', scope!);
  }
  const landed = await browser.follow(page.url, { method: 'POST', form }, stopAt);
  expect(landed.stoppedAt, `ended at ${landed.url} (${landed.status})`).toBeDefined();
  const target = new URL(landed.stoppedAt!, base);
  // The SPA gets the outcome in the fragment; the server's callback, in the query.
  const params = target.hash ? new URLSearchParams(target.hash.slice(1)) : target.searchParams;
  return { path: target.pathname, params, authUrl: page.url, browser };
}
