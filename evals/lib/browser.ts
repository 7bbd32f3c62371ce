import { TestBrowser } from '../../apps/server/test/helpers/browser';

/**
 * Connects Google for a signed-in person as they would in a browser: our oauth-init, the local
 * issuer's consent page with every scope ticked, its redirect back to our callback.
 */
export async function connectGoogle(
  base: string,
  token: string,
  email: string,
  name: string,
  /** The person's own address (the eval app trusts one proxy hop): OAuth's limits are per address. */
  ip?: string,
): Promise<void> {
  // Only our API sees the address: the local issuer answers loopback alone.
  const browser = new TestBrowser(
    (url): Record<string, string> =>
      ip && new URL(url).pathname.startsWith('/v1/') ? { 'x-forwarded-for': ip } : {},
  );
  const started = await browser.request(`${base}/v1/google/oauth-init/auth`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (started.status !== 200)
    throw new Error(`oauth-init answered ${started.status}: ${await started.text()}`);
  const { authUrl } = (await started.json()) as { authUrl: string };
  const page = await browser.follow(authUrl);
  if (page.status !== 200 || !/\/dev\/idp\/google\/interaction\//.test(page.url))
    throw new Error(`the local issuer's consent page did not open (${page.status} at ${page.url})`);
  const form = new URLSearchParams({ email, name, action: 'allow' });
  for (const [, scope] of page.body.matchAll(/name="scope" value="([^"]+)"/g)) form.append('scope', scope!);
  const landed = await browser.follow(page.url, { method: 'POST', form });
  if (!landed.stoppedAt) throw new Error(`the consent ended at ${landed.url} (${landed.status})`);
  const target = new URL(landed.stoppedAt, base);
  const params = target.hash ? new URLSearchParams(target.hash.slice(1)) : target.searchParams;
  if (params.get('success') !== 'true')
    throw new Error(`connecting Google failed: ${params.toString() || landed.stoppedAt}`);
}
