import {
  devPhoneConversationRoute,
  devPhoneNumbersRoute,
  devSmsInboundRoute,
} from '@app/contract/dev/sms-inbound';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import { answerLoopbackOnly } from '../../lib/dev-only';
import { newId } from '../../lib/ids';
import { registerRoute } from '../../lib/route';
import { parseAddress } from '../../providers/sms/address';
import { MESSAGE_SID, readTwilioInbound } from '../../providers/sms/twilio-inbound';
import { verifyTwilioSignature } from '../../providers/sms/twilio-signature';
import type { AssistantDeps } from './deps';
import { unansweredReason } from './list-messages';
import type { InboundReceiver } from './receive-message';

const notForm = () =>
  new AppError(
    'UNSUPPORTED_MEDIA_TYPE',
    'Twilio posts application/x-www-form-urlencoded; nothing else is read here.',
  );

const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response/>';
/** Twilio's own limit for a message body is 1,600 characters; a form is a little more than that. */
const FORM_LIMIT_BYTES = 64 * 1024;
/** Twilio sends from a few addresses, many texts a second at busy times. */
const WEBHOOK_LIMIT = { max: 6000, timeWindow: '1 minute' };

type Form = Record<string, string>;
/** A form that named one parameter twice: Twilio never does. */
const REPEATED = Symbol('repeated');
type ParsedForm = Form & { [REPEATED]?: true };

const FORM_TYPE = 'application/x-www-form-urlencoded';
const isForm = (request: FastifyRequest) =>
  (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase() === FORM_TYPE;

/**
 * Twilio's webhooks (issue 21): form-encoded, signed with the account's auth token over the URL
 * we configured (never the Host header or forwarded ones, which a caller controls). Without
 * Twilio's settings nothing can be verified, so every call is refused. Only what Twilio sends is
 * read (issue 29, decision 292): a form body (anything else is 415), and for a message only the
 * parameters Twilio sends for one, in its shapes (providers/sms/twilio-inbound.ts).
 */
export async function twilioWebhookRoutes(
  app: FastifyInstance,
  deps: Pick<AssistantDeps, 'assistantRepo' | 'publicUrl'> & { inbound: InboundReceiver },
): Promise<void> {
  // This scope reads forms and nothing else: a JSON body never reaches the handlers, whose
  // values would not all be strings.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    FORM_TYPE,
    { parseAs: 'string', bodyLimit: FORM_LIMIT_BYTES },
    (_request, body, done) => {
      // No prototype: a parameter named __proto__ is a name like any other (and refused).
      const form: ParsedForm = Object.create(null);
      for (const [key, value] of new URLSearchParams(String(body))) {
        if (Object.hasOwn(form, key)) form[REPEATED] = true;
        form[key] = value;
      }
      done(null, form);
    },
  );
  app.addContentTypeParser('*', (_request, _payload, done) => done(notForm(), undefined));
  const twilio = app.config.twilio;
  const signed = (path: string, request: FastifyRequest): Form | null => {
    const form = request.body as ParsedForm | undefined;
    if (!form || typeof form !== 'object' || !twilio) return null;
    const url = `${deps.publicUrl}/v1${path}`;
    return verifyTwilioSignature(twilio.authToken, url, form, request.headers['x-twilio-signature'])
      ? form
      : null;
  };
  /** Forms only; a bodiless request is not one either. */
  app.addHook('preHandler', async (request) => {
    if (!isForm(request)) throw notForm();
    if ((request.body as ParsedForm | undefined)?.[REPEATED])
      throw new AppError('BAD_REQUEST', 'A parameter is named more than once.');
  });
  const twiml = (reply: FastifyReply) => reply.type('text/xml; charset=utf-8').send(EMPTY_TWIML);
  const refuse = (reply: FastifyReply) =>
    reply.code(403).send({ error: { code: 'FORBIDDEN', message: 'The request signature is not valid.' } });

  app.post(
    '/v1/sms/inbound',
    { config: { rateLimit: WEBHOOK_LIMIT }, schema: { hide: true } },
    async (request, reply) => {
      const form = signed('/sms/inbound', request);
      if (!form || !twilio) return refuse(reply);
      const read = readTwilioInbound(form, twilio.accountSid);
      if ('refused' in read) {
        // Names and reasons only: the values are the person's.
        request.log.warn({ reason: read.refused }, 'twilio inbound refused: not as Twilio sends it');
        throw new AppError('BAD_REQUEST', 'Not an incoming message as Twilio sends it.');
      }
      await deps.inbound.submit({ from: read.ok.from, body: read.ok.body, providerSid: read.ok.sid });
      return twiml(reply);
    },
  );

  app.post(
    '/v1/sms/status',
    { config: { rateLimit: WEBHOOK_LIMIT }, schema: { hide: true } },
    async (request, reply) => {
      const form = signed('/sms/status', request);
      if (!form || !twilio) return refuse(reply);
      if (form.AccountSid !== undefined && form.AccountSid !== twilio.accountSid)
        throw new AppError('BAD_REQUEST', 'Not a status callback of this account.');
      if (form.MessageSid && MESSAGE_SID.test(form.MessageSid) && form.MessageStatus) {
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
