import {
  devPhoneConversationRoute,
  devPhoneNumbersRoute,
  devSmsInboundRoute,
} from '@app/contract/dev/sms-inbound';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { answerLoopbackOnly } from '../../lib/dev-only';
import { newId } from '../../lib/ids';
import { registerRoute } from '../../lib/route';
import { parseAddress } from '../../providers/sms/address';
import { verifyTwilioSignature } from '../../providers/sms/twilio-signature';
import type { AssistantDeps } from './deps';
import { unansweredReason } from './list-messages';
import type { InboundReceiver } from './receive-message';

const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response/>';
/** Twilio's own limit for a message body is 1,600 characters; a form is a little more than that. */
const FORM_LIMIT_BYTES = 64 * 1024;
/** Twilio sends from a few addresses, many texts a second at busy times. */
const WEBHOOK_LIMIT = { max: 6000, timeWindow: '1 minute' };

type Form = Record<string, string>;

/**
 * Twilio's webhooks (issue 21): form-encoded, signed with the account's auth token over the URL
 * we configured (never the Host header or forwarded ones, which a caller controls). Without
 * Twilio's settings nothing can be verified, so every call is refused.
 */
export async function twilioWebhookRoutes(
  app: FastifyInstance,
  deps: Pick<AssistantDeps, 'assistantRepo' | 'publicUrl'> & { inbound: InboundReceiver },
): Promise<void> {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_LIMIT_BYTES },
    (_request, body, done) => {
      const form: Form = {};
      for (const [key, value] of new URLSearchParams(String(body))) form[key] = value;
      done(null, form);
    },
  );
  const authToken = app.config.twilio?.authToken;
  const signed = (path: string, request: FastifyRequest): Form | null => {
    const form = (request.body ?? {}) as Form;
    if (typeof form !== 'object' || !authToken) return null;
    const url = `${deps.publicUrl}/v1${path}`;
    return verifyTwilioSignature(authToken, url, form, request.headers['x-twilio-signature']) ? form : null;
  };
  const twiml = (reply: FastifyReply) => reply.type('text/xml; charset=utf-8').send(EMPTY_TWIML);
  const refuse = (reply: FastifyReply) =>
    reply.code(403).send({ error: { code: 'FORBIDDEN', message: 'The request signature is not valid.' } });

  app.post(
    '/v1/sms/inbound',
    { config: { rateLimit: WEBHOOK_LIMIT }, schema: { hide: true } },
    async (request, reply) => {
      const form = signed('/sms/inbound', request);
      if (!form) return refuse(reply);
      const from = parseAddress(form.From ?? '');
      // A sender we cannot answer (a short code, an alphanumeric id) is acknowledged and dropped.
      if (!from || !form.MessageSid) return twiml(reply);
      await deps.inbound.submit({
        from,
        body: (form.Body ?? '').slice(0, 1600),
        providerSid: form.MessageSid,
      });
      return twiml(reply);
    },
  );

  app.post(
    '/v1/sms/status',
    { config: { rateLimit: WEBHOOK_LIMIT }, schema: { hide: true } },
    async (request, reply) => {
      const form = signed('/sms/status', request);
      if (!form) return refuse(reply);
      if (form.MessageSid && form.MessageStatus) {
        await deps.assistantRepo.setOutboundStatus(form.MessageSid, form.MessageStatus.slice(0, 32));
      }
      return reply.code(204).send();
    },
  );
}

/** The simulated phone's way in: the same pipeline, loopback only, while SMS is a stand-in. */
export async function devSmsRoutes(
  app: FastifyInstance,
  deps: Pick<AssistantDeps, 'assistantRepo' | 'usersRepo'> & { inbound: InboundReceiver },
): Promise<void> {
  if (!app.ports.isStandIn('sms')) return;
  registerRoute(app, devPhoneNumbersRoute, async () => ({
    numbers: (await deps.usersRepo.listWithPhone(50)).map((row) => ({
      phone: row.phone_number ?? '',
      name: row.name,
      language: row.language,
    })),
  }));
  registerRoute(app, devPhoneConversationRoute, async ({ query }) => ({
    messages: (await deps.assistantRepo.conversationOf(query.phone, query.after ?? null, 200)).map((row) => ({
      id: row.id,
      direction: row.direction,
      channel: row.channel,
      body: row.body,
      status: row.status,
      unanswered: unansweredReason(row.unanswered),
      createdAt: row.created_at,
    })),
  }));
  answerLoopbackOnly(app);
  registerRoute(app, devSmsInboundRoute, async ({ body }) => {
    const from = parseAddress(body.from);
    // The contract's pattern is parseAddress's; this cannot be null.
    if (!from) throw new Error('unreadable sender');
    const received = await deps.inbound.submit({ from, body: body.body, providerSid: `dev-${newId()}` });
    return { messageId: received.id, duplicate: received.duplicate };
  });
}
