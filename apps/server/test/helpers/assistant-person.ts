import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { bearer, type CodeReader, signIn } from './auth';
import { authorize } from './oauth-flow';

// Drawn once per module graph: with per-file isolation off, one worker imports this module once
// and every file it runs shares the sequence, so numbers stay unique across the files of a
// worker and keep the same length however many people a run makes (six digits, wrapping).
const start = Math.floor(Math.random() * 1_000_000);
let counter = 0;
/** A mobile number no other test of this run has used: the prefix and six digits. */
export function newMobile(prefix = '+61418'): string {
  counter += 1;
  return `${prefix}${String((start + counter) % 1_000_000).padStart(6, '0')}`;
}

/**
 * A person as the assistant sees them in local mode: signed in with their number (so it is
 * linked), on the trial unless told otherwise, with Google connected through the local issuer
 * (their sample workspace), in a zone and language when given.
 */
export async function assistantPerson(
  app: FastifyInstance,
  base: string,
  options: {
    trial?: boolean;
    google?: boolean;
    timeZone?: string;
    language?: 'en' | 'zh';
    /** Where the sign-in code is read (default: the dev outbox). */
    readCode?: CodeReader;
  } = {},
) {
  const phone = newMobile();
  const token = await signIn(app, phone, options.readCode);
  const me = (await app.inject({ method: 'GET', url: '/v1/auth/me', headers: bearer(token) })).json();
  const userId = me.user.id as string;
  // The zone and language first: the sample workspace is seeded in them on first use.
  if (options.timeZone || options.language) {
    const res = await app.inject({
      method: 'PATCH',
      url: '/v1/assistant/settings',
      headers: bearer(token),
      payload: {
        ...(options.timeZone ? { timeZone: options.timeZone } : {}),
        ...(options.language ? { language: options.language } : {}),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  if (options.trial ?? true) {
    const trial = await app.inject({
      method: 'POST',
      url: '/v1/billing/activate-trial',
      headers: bearer(token),
    });
    expect(trial.statusCode, trial.body).toBe(200);
  }
  if (options.google ?? true) {
    const connected = await authorize(
      base,
      'google',
      { email: `p${counter}-${Date.now()}@example.com` },
      { token },
    );
    expect(connected.params.get('success')).toBe('true');
  }
  return { phone, token, userId };
}

/** A text from the simulated phone, into the same pipeline as Twilio's webhook. */
export function textFrom(app: FastifyInstance, from: string, body: string) {
  return app.inject({ method: 'POST', url: '/v1/dev/sms/inbound', payload: { from, body } });
}

/** The texts that left for a number through the SMS port (the dev outbox), oldest first. */
export async function textsTo(app: FastifyInstance, phone: string): Promise<string[]> {
  const rows = await app.devOutbox.list({ to: phone, limit: 100 });
  return (
    rows
      // Sign-in codes are not the assistant's.
      .filter((row) => !/^\d{5}\s/.test(row.body))
      .map((row) => row.body)
      .reverse()
  );
}

/** Waits until `count` texts went to the number, then a little longer to catch an extra one. */
export async function waitForTexts(app: FastifyInstance, phone: string, count: number): Promise<string[]> {
  const deadline = Date.now() + 10_000;
  while ((await textsTo(app, phone)).length < count && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 40));
  await new Promise((r) => setTimeout(r, 200));
  return textsTo(app, phone);
}
