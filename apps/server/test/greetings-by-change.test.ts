import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import type { Config } from '../src/config';
import { newId } from '../src/lib/ids';
import { assistantPerson, textsTo, waitForTexts } from './helpers/assistant-person';
import { bearer } from './helpers/auth';
import { testConfig } from './helpers/build';

/**
 * The greeting's part of the pass reads only who changed (issue 31, decision 503): a number
 * linked, a plan started, a setting changed since the instance's last pass, by the `updated_at`
 * indexes, and a walk over everyone at boot. Two instances on one database greet once.
 */
let at = Date.parse('2026-05-04T10:00:00Z');
let config: Config;
let cleanup: () => Promise<void>;
const apps: FastifyInstance[] = [];

async function start(): Promise<FastifyInstance> {
  const instance = await buildApp(config);
  instance.clock.now = () => new Date(at);
  await instance.ready();
  apps.push(instance);
  return instance;
}

beforeAll(async () => {
  ({ config, cleanup } = testConfig({ JOBS_POLL_INTERVAL_MS: '20', ASSISTANT_SCHEDULE_INTERVAL_MS: '20' }));
  await start();
  await start();
}, 60_000);
afterAll(async () => {
  for (const instance of apps) await instance.close();
  await cleanup();
});

const isGreeting = (text: string) => /^Hi, I'm your/.test(text);
const settle = (ms = 300) => new Promise((r) => setTimeout(r, ms));

describe('greetings by what changed (decision 503)', () => {
  it('greets a number linked without a plan once its plan starts, once across two instances', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const { phone, token } = await assistantPerson(a, 'http://127.0.0.1:9', { trial: false, google: false });
    await settle();
    // Linked, but no plan: no greeting yet, and a settings row made by the pass.
    expect((await textsTo(a, phone)).filter(isGreeting)).toEqual([]);
    const me = (await a.inject({ method: 'GET', url: '/v1/auth/me', headers: bearer(token) })).json();
    expect(await a.assistantSettingsRepo.find(me.user.id)).toMatchObject({ greeted_phone: null });
    // Minutes pass: the link is no longer among the changes a pass reads.
    for (let i = 1; i <= 5; i++) {
      at += 2 * 60_000;
      await settle(100);
    }

    // The trial starts through the other instance: both see the change, one greeting goes.
    const trial = await b.inject({
      method: 'POST',
      url: '/v1/billing/activate-trial',
      headers: bearer(token),
    });
    expect(trial.statusCode, trial.body).toBe(200);
    const texts = await waitForTexts(a, phone, 1);
    await settle(400);
    expect((await textsTo(a, phone)).filter(isGreeting)).toHaveLength(1);
    expect(texts.filter(isGreeting)).toHaveLength(1);
  });

  it('finds a person seeded directly, changed long ago, by the walk of a new instance', async () => {
    const [a] = apps as [FastifyInstance];
    const userId = newId();
    const long = '2020-01-01T00:00:00.000Z';
    await a.usersRepo.insert({
      id: userId,
      email: `${userId}@example.com`,
      name: 'Seeded',
      provider: 'phone',
      phone_number: `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
      language: 'en',
      created_at: long,
      updated_at: long,
    });
    await settle();
    // Not among the changes the running instances read.
    expect(await a.assistantSettingsRepo.find(userId)).toBeUndefined();
    await start();
    await vi.waitFor(async () => expect(await a.assistantSettingsRepo.find(userId)).toBeDefined());
  });
});
