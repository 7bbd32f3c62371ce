// What the assistant benchmarks stand the app's outside services up with, in the benchmark's own
// process on loopback ports: Twilio's API (it receives the replies, so the benchmark knows when a
// turn has reached the person) and an OpenAI-compatible model that answers at once.
import { createHmac, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';

export const TWILIO = {
  accountSid: `AC${'be'.repeat(16)}`,
  authToken: 'relay-bench-twilio-auth-token-0123456789',
  from: '+15017122669',
};

/** The app's environment for Twilio pointed at the fake (and its webhooks signed with the token). */
export function twilioEnv(baseUrl) {
  return {
    TWILIO_ACCOUNT_SID: TWILIO.accountSid,
    TWILIO_AUTH_TOKEN: TWILIO.authToken,
    TWILIO_FROM: TWILIO.from,
    TWILIO_BASE_URL: baseUrl,
  };
}

/** X-Twilio-Signature as Twilio computes it (apps/server/src/providers/sms/twilio-signature.ts). */
export function twilioSignature(url, params) {
  const signed = Object.keys(params)
    .sort()
    .reduce((text, name) => text + name + params[name], url);
  return createHmac('sha1', TWILIO.authToken).update(signed, 'utf8').digest('base64');
}

let sids = 0;
/** A text as Twilio posts it to the webhook: the form and its headers, signed over `publicUrl`. */
export function inboundText(publicUrl, from, body) {
  sids += 1;
  const form = {
    // As Twilio writes them (SM and 32 hex digits): the webhook refuses anything else (400).
    MessageSid: `SM${randomBytes(12).toString('hex')}${sids.toString(16).padStart(8, '0')}`,
    AccountSid: TWILIO.accountSid,
    From: from,
    To: TWILIO.from,
    Body: body,
    NumMedia: '0',
  };
  return {
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilioSignature(`${publicUrl}/v1/sms/inbound`, form),
    },
    body: new URLSearchParams(form).toString(),
  };
}

function listen(server) {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${server.address().port}`)),
  );
}

function close(server) {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}

/**
 * api.twilio.com on loopback: answers every send as Twilio does (201 and a message id) and tells
 * whoever waits for a number's next text.
 */
export async function startTwilioFake() {
  const waiting = new Map();
  const others = [];
  let sent = 0;
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      const at = performance.now();
      const form = new URLSearchParams(raw);
      const to = form.get('To') ?? '';
      const body = form.get('Body') ?? '';
      sent += 1;
      res
        .writeHead(201, { 'content-type': 'application/json' })
        .end(JSON.stringify({ sid: `SM${String(sent).padStart(32, '0')}`, status: 'queued', to }));
      // The first waiter for this number that takes this text (a waiter may ask for its reply only).
      const queue = waiting.get(to) ?? [];
      const next = queue.find((entry) => !entry.match || entry.match(body));
      if (next) {
        queue.splice(queue.indexOf(next), 1);
        next({ at, body });
      } else if (others.length < 50) others.push({ to, body: body.slice(0, 200) });
    });
  });
  const url = await listen(server);
  return {
    url,
    sent: () => sent,
    /** Texts nobody waited for (or no waiter took), the first 50. */
    others: () => others,
    /**
     * The next text sent to `to` ({ at: performance.now(), body }); ask before it can arrive.
     * With `match`, the next one whose body it accepts: others go by (see `others`).
     */
    next(to, timeoutMs = 60_000, match = undefined) {
      return new Promise((resolve, reject) => {
        const entry = (value) => {
          clearTimeout(timer);
          resolve(value);
        };
        entry.match = match;
        const timer = setTimeout(() => {
          const queue = waiting.get(to) ?? [];
          queue.splice(queue.indexOf(entry), 1);
          reject(new Error(`no text to ${to} within ${timeoutMs / 1000} s`));
        }, timeoutMs);
        waiting.set(to, [...(waiting.get(to) ?? []), entry]);
      });
    },
    stop: () => close(server),
  };
}

/** The local date in the system prompt's first line ("Current local time: 2026-11-25T09:00"). */
function promptDate(messages) {
  const system = messages.find((m) => m.role === 'system');
  const text = typeof system?.content === 'string' ? system.content : '';
  return /(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}/.exec(text)?.[1] ?? new Date().toISOString().slice(0, 10);
}

const nextDay = (date) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * An OpenAI-compatible model that answers at once with a fixed plan: three tool calls, one a
 * step (tomorrow's events, unread mail, a contact), as an agent checking a day would, then a
 * short answer. It reads nothing but how many tool results follow the person's last text, so
 * its own time is next to nothing; `served` records it (first byte in to last byte out, per
 * request) so the benchmark can take the model out of a turn's time.
 */
export async function startInstantModel() {
  const served = [];
  let count = 0;
  const server = createServer((req, res) => {
    const started = performance.now();
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      const { messages = [] } = JSON.parse(raw || '{}');
      const lastUser = messages.findLastIndex((m) => m.role === 'user');
      const results = messages.slice(lastUser + 1).filter((m) => m.role === 'tool').length;
      const tomorrow = nextDay(promptDate(messages));
      const plan = [
        ['calendar_list_events', { from: `${tomorrow}T00:00`, to: `${nextDay(tomorrow)}T00:00` }],
        ['mail_search', { unread: true, limit: 5 }],
        ['contacts_search', { query: 'Sam' }],
      ];
      count += 1;
      const call = plan[results];
      const message = call
        ? {
            role: 'assistant',
            content: null,
            tool_calls: [
              {
                id: `call_${count}`,
                type: 'function',
                function: { name: call[0], arguments: JSON.stringify(call[1]) },
              },
            ],
          }
        : { role: 'assistant', content: 'Tomorrow looks fine; two unread mails; Sam is in your contacts.' };
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id: `chatcmpl-${count}`,
          object: 'chat.completion',
          created: 1_700_000_000,
          model: 'instant',
          choices: [{ index: 0, message, finish_reason: call ? 'tool_calls' : 'stop' }],
          usage: { prompt_tokens: 50, completion_tokens: 10, total_tokens: 60 },
        }),
      );
      served.push({ start: started, end: performance.now() });
    });
  });
  const url = await listen(server);
  return { url, served, stop: () => close(server) };
}
