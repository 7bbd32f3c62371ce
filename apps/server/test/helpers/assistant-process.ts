import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { twilioSignature } from '../../src/providers/sms/twilio-signature';
import type { Seen } from './twilio-fake';
import { messageSid } from './twilio-sid';

/**
 * The assistant's crash and multi-instance tests run the real server as its own process, so it
 * can be killed with SIGKILL (no shutdown hook runs) and several can share one database. These
 * are the pieces both need: a process on a port chosen beforehand (PUBLIC_URL, which Twilio's
 * signature covers, names it), a person signed up over HTTP, and a text as Twilio posts it.
 */

const serverDir = fileURLToPath(new URL('../..', import.meta.url));

/** The account Twilio's fake answers for; the webhook is signed with this token. */
export const TWILIO_SID = `AC${'c3'.repeat(16)}`;
export const TWILIO_TOKEN = 'twilio-crash-auth-token-0123456789abcdef';
export const OUR_NUMBER = '+15017122662';

export interface AssistantServer {
  base: string;
  pid: number;
  /** Everything it printed so far (warnings and errors: LOG_LEVEL=warn). */
  output: () => string;
  /** Resolves once /readyz answers; throws with the output if the process ends first. */
  ready: () => Promise<void>;
  /** Ends it with `signal` and waits for the exit: SIGKILL is a crash, SIGTERM a shutdown. */
  kill: (signal: NodeJS.Signals) => Promise<void>;
}

/** `node --import tsx src/server.ts` in production mode on `port`, with `env` on top. */
export function startAssistantServer(port: number, env: Record<string, string>): AssistantServer {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      SERVE_WEB: 'false',
      LOG_LEVEL: 'warn',
      TWILIO_ACCOUNT_SID: TWILIO_SID,
      TWILIO_AUTH_TOKEN: TWILIO_TOKEN,
      TWILIO_FROM: OUR_NUMBER,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const running = () => child.exitCode === null && child.signalCode === null;
  const base = `http://127.0.0.1:${port}`;
  return {
    base,
    pid: child.pid ?? 0,
    output: () => output,
    ready: async () => {
      // tsx compiles the server on every start: seconds on a busy 2-core machine.
      const deadline = Date.now() + 60_000;
      while (Date.now() < deadline) {
        if (!running()) throw new Error(`the server exited before it was ready:\n${output}`);
        try {
          if ((await fetch(`${base}/readyz`)).ok) return;
        } catch {}
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`the server was not ready within 60 s:\n${output}`);
    },
    kill: async (signal) => {
      if (running()) child.kill(signal);
      await exited;
    },
  };
}

/** The code texted to `phone`, as a person reads it off the phone (Twilio's fake here). */
export async function codeSentTo(seen: Seen[], phone: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const body =
      seen
        .filter((s) => s.form.get('To') === phone)
        .at(-1)
        ?.form.get('Body') ?? '';
    const code = /\b(\d{5})\b/.exec(body)?.[1];
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`no code texted to ${phone}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function postJson(
  base: string,
  path: string,
  body: unknown,
  headers: Record<string, string>,
): Promise<Response> {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response;
}

/**
 * Signs a new number up as a person does (a code texted through Twilio's fake, the proof, the
 * session) and starts the trial, so the gate lets their texts through to the model. No Google
 * account: a text answer needs none. `ip` is sent as X-Forwarded-For, for servers started with
 * TRUST_PROXY=1, so the fixed per-address sign-in limits do not stop a test signing up many.
 */
export async function signUpByPhone(
  base: string,
  phone: string,
  twilioSeen: Seen[],
  ip?: string,
): Promise<{ token: string; userId: string }> {
  const from: Record<string, string> = ip ? { 'x-forwarded-for': ip } : {};
  await postJson(base, '/v1/api/send-verification-code', { phoneNumber: phone }, from);
  const code = await codeSentTo(twilioSeen, phone);
  const verified = await postJson(base, '/v1/api/verify-code', { phoneNumber: phone, code }, from);
  const proof = (await verified.json()) as { sessionToken?: string; verifiedPhoneToken?: string };
  let token = proof.sessionToken;
  if (!token) {
    const cookie = verified.headers
      .getSetCookie()
      .map((header) => header.split(';')[0])
      .join('; ');
    const session = await postJson(
      base,
      '/v1/auth/phone-session',
      { verifiedPhoneToken: proof.verifiedPhoneToken },
      { ...from, cookie },
    );
    token = ((await session.json()) as { sessionToken: string }).sessionToken;
  }
  const authorization = { authorization: `Bearer ${token}` };
  const trial = await fetch(`${base}/v1/billing/activate-trial`, {
    method: 'POST',
    headers: { ...from, ...authorization },
  });
  if (!trial.ok) throw new Error(`activate-trial: ${trial.status} ${await trial.text()}`);
  const me = (await (await fetch(`${base}/v1/auth/me`, { headers: authorization })).json()) as {
    user: { id: string };
  };
  return { token, userId: me.user.id };
}

/** A text as Twilio delivers it: form-encoded, signed over PUBLIC_URL (never the address posted to). */
export async function textAsTwilio(
  base: string,
  publicUrl: string,
  message: { from: string; body: string; sid: string },
): Promise<Response> {
  const form = {
    // Twilio's shape, the same for the same sid given (a retry is still the same message).
    MessageSid: /^SM[0-9a-f]{32}$/.test(message.sid) ? message.sid : messageSid(message.sid),
    AccountSid: TWILIO_SID,
    From: message.from,
    To: OUR_NUMBER,
    Body: message.body,
    NumMedia: '0',
  };
  return fetch(`${base}/v1/sms/inbound`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilioSignature(TWILIO_TOKEN, `${publicUrl}/v1/sms/inbound`, form),
    },
    body: new URLSearchParams(form).toString(),
  });
}

/** Twilio's answer to a send, with a fresh message id, as the real API gives. */
export function twilioAccepts(): (seen: Seen) => { status: number; body: unknown } {
  let count = 0;
  return ({ form }) => {
    count += 1;
    return {
      status: 201,
      body: { sid: `SM${String(count).padStart(32, '0')}`, status: 'queued', to: form.get('To') },
    };
  };
}
