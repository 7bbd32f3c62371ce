// People for the assistant benchmarks, made as people make themselves: a number signed in with
// the code Twilio's fake received, the trial started, and Google connected through the local
// issuer's consent page (so the workspace tools reach a sample calendar, mailbox and contacts).
import { clientAddresses } from './load.mjs';

const nextAddress = clientAddresses();

async function post(base, path, body, headers = {}) {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response;
}

/** A cookie jar and redirects by hand: enough of a browser for the OAuth round trip. */
class Browser {
  cookies = new Map();

  async request(url, { method = 'GET', form, headers = {} } = {}) {
    const jar = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(url, {
      method,
      redirect: 'manual',
      headers: {
        ...headers,
        ...(jar ? { cookie: jar } : {}),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { body: form.toString() } : {}),
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair = ''] = header.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (/expires=Thu, 01 Jan 1970/i.test(header) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  /** Follows redirects until a page answers, or until one leads to a path matching `stopAt`. */
  async follow(url, init, stopAt) {
    let current = url;
    let response = await this.request(current, init);
    for (let hops = 0; hops < 20 && response.status >= 300 && response.status < 400; hops++) {
      const next = new URL(response.headers.get('location') ?? '', current);
      if (stopAt.test(next.pathname)) return { stoppedAt: next };
      current = next.href;
      response = await this.request(current);
    }
    return { url: current, status: response.status, body: await response.text() };
  }
}

/** Connects Google for a signed-in person: the local issuer's consent page, every scope allowed. */
async function connectGoogle(base, token, email) {
  const browser = new Browser();
  const started = await browser.request(`${base}/v1/google/oauth-init/auth`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!started.ok) throw new Error(`oauth-init: ${started.status} ${await started.text()}`);
  const { authUrl } = await started.json();
  const page = await browser.follow(authUrl, undefined, /^$/);
  if (page.status !== 200) throw new Error(`consent page: ${page.status} at ${page.url}`);
  const form = new URLSearchParams({ email, name: 'Bench Person', action: 'allow' });
  for (const [, scope] of page.body.matchAll(/name="scope" value="([^"]+)"/g)) form.append('scope', scope);
  const landed = await browser.follow(page.url, { method: 'POST', form }, /^\/google\/callback/);
  const params = landed.stoppedAt?.hash
    ? new URLSearchParams(landed.stoppedAt.hash.slice(1))
    : landed.stoppedAt?.searchParams;
  if (params?.get('success') !== 'true')
    throw new Error(`connecting Google ended at ${landed.stoppedAt ?? landed.url}`);
}

/**
 * Signs `phone` up on the app at `base` and starts the trial; with `google`, connects it too.
 * Each person comes from an address of their own (TRUST_PROXY=1), past the per-address limits.
 */
export async function makePerson(base, twilio, phone, { google = true } = {}) {
  const from = { 'x-forwarded-for': nextAddress() };
  // Asked for before the code can arrive: a number may have had a code from an earlier app.
  const texted = twilio.next(phone, 15_000);
  await post(base, '/v1/api/send-verification-code', { phoneNumber: phone }, from);
  const code = /\b(\d{5})\b/.exec((await texted).body)?.[1];
  if (!code) throw new Error(`no code texted to ${phone}`);
  const verified = await post(base, '/v1/api/verify-code', { phoneNumber: phone, code }, from);
  const proof = await verified.json();
  let token = proof.sessionToken;
  if (!token) {
    const cookie = verified.headers
      .getSetCookie()
      .map((header) => header.split(';')[0])
      .join('; ');
    const session = await post(
      base,
      '/v1/auth/phone-session',
      { verifiedPhoneToken: proof.verifiedPhoneToken },
      { ...from, cookie },
    );
    token = (await session.json()).sessionToken;
  }
  await post(base, '/v1/billing/activate-trial', undefined, { ...from, authorization: `Bearer ${token}` });
  if (google) await connectGoogle(base, token, `${phone.slice(1)}@bench.example`);
  return { phone, token };
}

/** `count` people, `parallel` at a time. */
export async function makePeople(base, twilio, phones, { parallel = 8, google = true } = {}) {
  const people = [];
  for (let i = 0; i < phones.length; i += parallel) {
    people.push(
      ...(await Promise.all(
        phones.slice(i, i + parallel).map((phone) => makePerson(base, twilio, phone, { google })),
      )),
    );
  }
  return people;
}
