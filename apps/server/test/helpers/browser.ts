/**
 * Just enough of a browser for OAuth over real HTTP: a cookie jar and redirects followed by
 * hand, stopping at the SPA (whose fragment a browser would never send to a server).
 */
export class TestBrowser {
  private readonly cookies = new Map<string, string>();

  /** Headers sent with every request, or chosen per URL. */
  constructor(
    private readonly headers: Record<string, string> | ((url: string) => Record<string, string>) = {},
  ) {}

  /** A cookie this browser got elsewhere (a response of `app.inject`, say). */
  setCookie(header: string): void {
    const [pair = ''] = header.split(';');
    const index = pair.indexOf('=');
    this.cookies.set(pair.slice(0, index).trim(), pair.slice(index + 1).trim());
  }

  async request(
    url: string,
    init: { method?: string; form?: URLSearchParams; headers?: Record<string, string> } = {},
  ) {
    const response = await fetch(url, {
      method: init.method ?? 'GET',
      redirect: 'manual',
      headers: {
        ...(typeof this.headers === 'function' ? this.headers(url) : this.headers),
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

  /**
   * Follows redirects from `url` until a page answers, or until a redirect leaves for a path
   * matching `stopAt` (returned as the Location, not fetched).
   */
  async follow(
    url: string,
    init: { method?: string; form?: URLSearchParams } = {},
    stopAt = /^\/(google|azure|facebook)\/callback/,
  ): Promise<{ url: string; status: number; body: string; stoppedAt?: string }> {
    let current = url;
    let response = await this.request(current, init);
    for (let hops = 0; hops < 20 && response.status >= 300 && response.status < 400; hops++) {
      const location = response.headers.get('location') ?? '';
      const next = new URL(location, current);
      if (stopAt.test(next.pathname)) {
        return {
          url: current,
          status: response.status,
          body: '',
          stoppedAt: next.pathname + next.search + next.hash,
        };
      }
      current = next.href;
      response = await this.request(current);
    }
    return { url: current, status: response.status, body: await response.text() };
  }
}
