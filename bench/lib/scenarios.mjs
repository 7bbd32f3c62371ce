// The requests of the API load benchmark, against an app seeded by bench/seed.mjs: each
// signed-in read rotates over the seeded people's sessions; the writes vary their body (and
// their client address, for routes whose limits are fixed per address) on every request.
import { randomBytes } from 'node:crypto';
import { phoneNumber, sessionToken, userId } from './identities.mjs';
import { clientAddresses, rotate } from './load.mjs';
import { ASSISTANT_API_KEY } from './processes.mjs';

const range = (from, to) => Array.from({ length: to - from }, (_, k) => from + k);

/** The same people in a fixed shuffled order, so consecutive requests touch scattered rows. */
function shuffled(list) {
  const out = [...list];
  let seed = 12;
  for (let i = out.length - 1; i > 0; i--) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    const j = seed % (i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** GET `path` as the seeded people [from, to) in turn, each with their own session. */
export function signedIn(base, path, [from, to]) {
  const next = rotate(shuffled(range(from, to)).map((i) => `Bearer ${sessionToken(i)}`));
  return {
    url: `${base}${path}`,
    setupRequest: (request) => ({ ...request, headers: { ...request.headers, authorization: next() } }),
  };
}

/** GET `path` as one person, over and over (the scale cases pick the person). */
export function signedInAs(base, path, i) {
  return { url: `${base}${path}`, headers: { authorization: `Bearer ${sessionToken(i)}` } };
}

/** A wrong code for the numbers of people [from, to), each of whom has an open code (99999). */
export function wrongCodes(base, [from, to]) {
  const nextPhone = rotate(shuffled(range(from, to)).map(phoneNumber));
  const nextAddress = clientAddresses();
  let n = 0;
  return {
    url: `${base}/v1/api/verify-code`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    setupRequest: (request) => {
      n += 1;
      const code = String(10_000 + (n % 89_999)).padStart(5, '0');
      return {
        ...request,
        headers: { ...request.headers, 'x-forwarded-for': nextAddress() },
        body: JSON.stringify({ phoneNumber: nextPhone(), code }),
      };
    },
  };
}

/** The assistant reporting token use for people [from, to), every event with its own key. */
export function usageReports(base, [from, to]) {
  const nextUser = rotate(shuffled(range(from, to)).map(userId));
  const nextAddress = clientAddresses();
  const run = randomBytes(4).toString('hex');
  let n = 0;
  return {
    url: `${base}/v1/internal/usage`,
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${ASSISTANT_API_KEY}` },
    setupRequest: (request) => {
      n += 1;
      return {
        ...request,
        headers: { ...request.headers, 'x-forwarded-for': nextAddress() },
        body: JSON.stringify({
          userId: nextUser(),
          tokens: 100 + (n % 900),
          idempotencyKey: `bench-${run}-${n}`,
          occurredAt: new Date().toISOString(),
        }),
      };
    },
  };
}
