/**
 * Just enough of a browser to connect Google through the local issuer's real HTTP flow: a cookie
 * jar and redirects followed by hand, stopping where the server hands the outcome to the SPA.
 * A copy of apps/server/test/helpers/browser.ts and oauth-flow.ts without vitest, so
 * `npm run eval` runs outside a test runner.
 */
export class EvalBrowser {
  private readonly cookies = new Map<string, string>();

  async request(
    url: string,
    init: { method?: string; form?: URLSearchParams; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    const response = await fetch(url, {
      method: init.method ?? 'GET',
      redirect: 'manual',
      headers: {
        ...init.headers,
        ...(this.cookies.size > 0
          ? { cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ') }
          : {}),
        ...(init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(init.form ? { body: init.form.toString() } : {}),
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair = ''] = header.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      if (/expires=Thu, 01 Jan 1970/i.test(header) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  /** Follows redirects until a page answers or a redirect leaves for a path matching `stopAt`. */
  async follow(
    url: string,
    init: { method?: string; form?: URLSearchParams } = {},
    stopAt = /^\/(google|azure|facebook)\/callback/,
  ): Promise<{ url: string; status: number; body: string; stoppedAt?: string }> {
    let current = url;
    let response = await this.request(current, init);
    for (let hops = 0; hops < 20 && response.status >= 300 && response.status < 400; hops++) {
      const next = new URL(response.headers.get('location') ?? '', current);
      if (stopAt.test(next.pathname)) {
        await response.body?.cancel();
        return {
          url: current,
          status: response.status,
          body: '',
          stoppedAt: next.pathname + next.search + next.hash,
        };
      }
      await response.body?.cancel();
      current = next.href;
      response = await this.request(current);
    }
    return { url: current, status: response.status, body: await response.text() };
  }
}

/**
 * Connects Google for a signed-in person as they would in a browser: our oauth-init, the local
 * issuer's consent page with every scope ticked, its redirect back to our callback.
 */
export async function connectGoogle(base: string, token: string, email: string, name: string): Promise<void> {
  const browser = new EvalBrowser();
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
