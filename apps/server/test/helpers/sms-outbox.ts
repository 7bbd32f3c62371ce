import type { FastifyInstance } from 'fastify';

/**
 * Waits until the SMS outbox has finished with every text it queued for a number (none left
 * `queued` or `sending`), for tests that read what reached the phone (the dev outbox, a fake
 * Twilio) right after the action that queued it.
 */
export async function outboxSettled(app: FastifyInstance, phone: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const waiting = () =>
    app.db
      .selectFrom('assistant_messages')
      .select('id')
      .where('phone', '=', phone)
      .where('direction', '=', 'out')
      .where('status', 'in', ['queued', 'sending'])
      .execute();
  while ((await waiting()).length > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
}
