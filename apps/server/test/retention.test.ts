import { describe, expect, it } from 'vitest';
import { newId } from '../src/lib/ids';
import {
  ACCESS_LOG_RETENTION_DAYS,
  CODE_RETENTION_AFTER_EXPIRY_MS,
  OUTBOX_RETENTION_DAYS,
  SECURITY_EVENT_RETENTION_DAYS,
  WEBHOOK_EVENT_RETENTION_DAYS,
} from '../src/modules/retention/purge';
import { advanceClock, signIn } from './helpers/auth';
import { build } from './helpers/build';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('retention', () => {
  it('purges expired codes, sessions, one-time state and old dev outbox rows, and keeps the rest', async () => {
    const { app, close } = await build();
    try {
      const oldToken = await signIn(app, '+61412900001');
      await app.oneTimeStore.put('ticket:old', 'x', 60_000);
      // A week and a day later, then fresh activity that must survive.
      advanceClock(app, (OUTBOX_RETENTION_DAYS + 1) * DAY_MS);
      const outboxCutoff = app.clock.now().getTime() - OUTBOX_RETENTION_DAYS * DAY_MS;
      await app.db
        .insertInto('dev_outbox')
        .values([
          {
            id: newId(),
            channel: 'sms',
            recipient: '+61412900009',
            subject: null,
            body: 'old',
            created_at: new Date(outboxCutoff - 1000).toISOString(),
          },
          {
            id: newId(),
            channel: 'sms',
            recipient: '+61412900009',
            subject: null,
            body: 'recent',
            created_at: new Date(outboxCutoff + 60_000).toISOString(),
          },
        ])
        .execute();
      await app.db
        .updateTable('sessions')
        .set({ expires_at: new Date(app.clock.now().getTime() - 1000).toISOString() })
        .execute();
      const freshToken = await signIn(app, '+61412900002');
      await app.oneTimeStore.put('ticket:fresh', 'y', 60_000);

      const deleted = await app.purgeExpired();
      expect(deleted.verificationCodes).toBe(1);
      expect(deleted.sessions).toBe(1);
      expect(deleted.oneTimeState).toBe(1);
      expect(deleted.devOutbox).toBeGreaterThanOrEqual(1);

      const bodies = (await app.devOutbox.list({ to: '+61412900009', limit: 10 })).map((m) => m.body);
      expect(bodies).toEqual(['recent']);
      const me = (token: string) =>
        app.inject({ method: 'GET', url: '/v1/auth/me', headers: { authorization: `Bearer ${token}` } });
      expect((await me(oldToken)).statusCode).toBe(401);
      expect((await me(freshToken)).statusCode).toBe(200);
      expect(await app.oneTimeStore.take('ticket:fresh')).toBe('y');
      const codes = await app.db.selectFrom('verification_codes').select('phone_number').execute();
      expect(codes.map((c) => c.phone_number)).toEqual(['+61412900002']);
    } finally {
      await close();
    }
  });

  it('keeps the assistant access log for a year, then purges it', async () => {
    const { app, close } = await build();
    try {
      const at = (daysAgo: number) => new Date(app.clock.now().getTime() - daysAgo * DAY_MS).toISOString();
      const entry = (id: string, created_at: string) => ({
        id,
        caller: 'assistant:test',
        action: 'access_token' as const,
        user_id: null,
        connection_id: null,
        outcome: 'issued',
        created_at,
      });
      await app.connectionsRepo.logAssistantAccess(entry('old', at(ACCESS_LOG_RETENTION_DAYS + 1)));
      await app.connectionsRepo.logAssistantAccess(entry('recent', at(ACCESS_LOG_RETENTION_DAYS - 1)));
      expect((await app.purgeExpired()).assistantAccessLog).toBe(1);
      const left = await app.db.selectFrom('assistant_access_log').select('id').execute();
      expect(left.map((row) => row.id)).toEqual(['recent']);
    } finally {
      await close();
    }
  });

  it('keeps webhook event ids a month (past any provider retry), then purges them', async () => {
    const { app, close } = await build();
    try {
      const at = (daysAgo: number) => new Date(app.clock.now().getTime() - daysAgo * DAY_MS).toISOString();
      await app.db
        .insertInto('billing_webhook_events')
        .values([
          { id: 'evt_old', type: 'invoice.paid', received_at: at(WEBHOOK_EVENT_RETENTION_DAYS + 1) },
          { id: 'evt_recent', type: 'invoice.paid', received_at: at(WEBHOOK_EVENT_RETENTION_DAYS - 1) },
        ])
        .execute();
      expect((await app.purgeExpired()).billingWebhookEvents).toBe(1);
      const left = await app.db.selectFrom('billing_webhook_events').select('id').execute();
      expect(left.map((row) => row.id)).toEqual(['evt_recent']);
    } finally {
      await close();
    }
  });

  it('keeps security activity for a year, then purges it', async () => {
    const { app, close } = await build();
    try {
      const token = await signIn(app, '+61412555019');
      const me = (
        await app.inject({ method: 'GET', url: '/v1/auth/me', headers: { authorization: `Bearer ${token}` } })
      ).json();
      const daysAgo = (days: number) => new Date(app.clock.now().getTime() - days * DAY_MS);
      await app.securityEvents.record({
        userId: me.user.id,
        kind: 'data_exported',
        at: daysAgo(SECURITY_EVENT_RETENTION_DAYS + 1),
      });
      await app.securityEvents.record({
        userId: me.user.id,
        kind: 'data_exported',
        at: daysAgo(SECURITY_EVENT_RETENTION_DAYS - 1),
      });
      expect((await app.purgeExpired()).securityEvents).toBe(1);
      // The recent export and the sign-in remain.
      expect((await app.securityEvents.recent(me.user.id)).map((e) => e.kind)).toEqual([
        'sign_in',
        'data_exported',
      ]);
    } finally {
      await close();
    }
  });

  it('keeps a code that still counts toward the hourly send limit', async () => {
    const { app, close } = await build();
    try {
      await signIn(app, '+61412900003');
      advanceClock(app, CODE_RETENTION_AFTER_EXPIRY_MS - 60_000);
      expect((await app.purgeExpired()).verificationCodes).toBe(0);
    } finally {
      await close();
    }
  });

  it('is safe when several instances run it at once', async () => {
    const { app, close } = await build();
    try {
      await signIn(app, '+61412900004');
      advanceClock(app, 2 * DAY_MS);
      const runs = await Promise.all([app.purgeExpired(), app.purgeExpired(), app.purgeExpired()]);
      expect(runs.reduce((sum, run) => sum + (run.verificationCodes ?? 0), 0)).toBe(1);
    } finally {
      await close();
    }
  });
});
