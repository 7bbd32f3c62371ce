import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { PROOF_COOKIE } from '../../src/modules/auth/phone-proof';

// A random start: with Redis, counters outlive one test process.
let ipCounter = Math.floor(Math.random() * 4_000_000);
/** Each caller its own address, so per-IP limits of one test never touch another. */
export function freshIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

export function post(
  app: FastifyInstance,
  url: string,
  payload: unknown,
  extra: Partial<InjectOptions> = {},
) {
  return app.inject({ method: 'POST', url, payload: payload as InjectOptions['payload'], ...extra });
}

/** The newest code texted to a number, read back from the dev outbox as a person would. */
export async function latestCode(app: FastifyInstance, phone: string): Promise<string> {
  const [message] = await app.devOutbox.list({ to: phone, limit: 1 });
  const code = /\b(\d{5})\b/.exec(message?.body ?? '')?.[1];
  expect(code, `no code texted to ${phone}`).toBeDefined();
  return code!;
}

/** Where a test reads the code texted to a number: the dev outbox, or a fake SMS provider. */
export type CodeReader = (app: FastifyInstance, phone: string) => Promise<string>;

export async function requestCode(
  app: FastifyInstance,
  phone: string,
  ip = freshIp(),
  readCode: CodeReader = latestCode,
) {
  const res = await post(
    app,
    '/v1/api/send-verification-code',
    { phoneNumber: phone },
    { remoteAddress: ip },
  );
  expect(res.statusCode, res.body).toBe(200);
  return readCode(app, phone);
}

/** Signs a number in through the real flow (new users take the phone-only path); returns the bearer token. */
export async function signIn(app: FastifyInstance, phone: string, readCode?: CodeReader): Promise<string> {
  const ip = freshIp();
  const code = await requestCode(app, phone, ip, readCode);
  const verified = await post(
    app,
    '/v1/api/verify-code',
    { phoneNumber: phone, code },
    { remoteAddress: ip },
  );
  if (verified.json().sessionToken) return verified.json().sessionToken;
  const session = await post(
    app,
    '/v1/auth/phone-session',
    { verifiedPhoneToken: verified.json().verifiedPhoneToken },
    { remoteAddress: ip, headers: proofCookieOf(verified) },
  );
  expect(session.statusCode, session.body).toBe(200);
  return session.json().sessionToken;
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

/** Moves the app's clock; every time-based rule reads it. */
export function advanceClock(app: FastifyInstance, ms: number): void {
  const current = app.clock.now().getTime();
  app.clock.now = () => new Date(current + ms);
}

/** The proof cookie verify-code set, as the Cookie header the same browser sends next. */
export function proofCookieOf(verified: LightMyRequestResponse): { cookie: string } | Record<string, never> {
  const cookie = verified.cookies.find((c) => c.name === PROOF_COOKIE);
  return cookie ? { cookie: `${cookie.name}=${cookie.value}` } : {};
}
