import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { COUNTRIES } from '@app/contract/countries';
import { z } from 'zod';

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

function isAddressOrCidr(entry: string): boolean {
  const [address, prefix, extra] = entry.split('/');
  const family = isIP(address ?? '');
  if (!family || extra !== undefined) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^[0-9]{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/** localhost, *.localhost, 127.0.0.0/8 and ::1: addresses only this machine can reach. */
export function isLoopbackUrl(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || /^127\./.test(host) || host === '::1';
}

const ZBool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** Every environment variable the server reads, in one place (docs/operations.md lists them). */
const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('localhost'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('data'),
  DATABASE_URL: z
    .string()
    .regex(/^(postgres(ql)?:\/\/|sqlite:)/, 'must start with postgres://, postgresql:// or sqlite:')
    .optional(),
  /** Isolates the tables in one PostgreSQL schema (the tests use one per run). */
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'must be a lower-case SQL identifier')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Who may tell us the client's address (X-Forwarded-For): a hop count ("1" = one proxy in
   * front of the app) or a comma-separated list of proxy addresses/CIDRs. "true" is refused.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, ctx): false | number | string[] => {
      const text = value.trim().toLowerCase();
      if (text === 'false' || text === '0' || text === 'no') return false;
      if (/^[0-9]+$/.test(text)) return Number(text);
      if (text === 'true' || text === 'yes') {
        ctx.addIssue({
          code: 'custom',
          message:
            '"true" trusts every hop, which lets any client choose its own address and dodge per-IP limits; give the number of proxies in front of the app (e.g. 1) or their addresses/CIDRs',
        });
        return z.NEVER;
      }
      const entries = text.split(',').map((entry) => entry.trim());
      const bad = entries.filter((entry) => !isAddressOrCidr(entry));
      if (bad.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `must be a hop count or a comma-separated list of IP addresses/CIDRs (not ${bad.join(', ')})`,
        });
        return z.NEVER;
      }
      return entries;
    }),
  /** Lets a server with a public PUBLIC_URL run on local stand-ins and answer dev routes from anywhere (demos). */
  ALLOW_STAND_INS: ZBool.default(false),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(300),
  WEB_DIST_DIR: z.string().min(1).default(defaultWebDist),
  SERVE_WEB: ZBool.default(true),
  PRODUCT_NAME: z.string().min(1).max(60).default('Relay'),
  SUPPORT_EMAIL: z.email().default('support@example.com'),
  /**
   * The assistant service's key for the internal API (/v1/internal/*); unset, those routes do
   * not exist. Long and random: it unlocks every connected account.
   */
  ASSISTANT_API_KEY: z.string().min(32, 'must be at least 32 characters').max(512).optional(),
  /** The assistant service's requests a minute over the whole internal API, per key. */
  ASSISTANT_API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(6000),
  /** 32 random bytes, base64. Generated into DATA_DIR on first local start; set it when several instances share data. */
  APP_ENCRYPTION_KEY: z
    .string()
    .refine(
      (value) => Buffer.from(value, 'base64').length === 32,
      'must be 32 bytes, base64-encoded (openssl rand -base64 32)',
    )
    .optional(),
  /** Master keys used before the current one, comma-separated: secrets sealed under them still open and are re-sealed. */
  APP_ENCRYPTION_PREVIOUS_KEYS: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((key) => key.trim())
        .filter(Boolean),
    )
    .refine(
      (keys) => keys.every((key) => Buffer.from(key, 'base64').length === 32),
      'must be a comma-separated list of 32-byte base64 keys',
    )
    .default([]),
  GOOGLE_CLIENT_ID: z.string().min(8).max(300).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(8).max(300).optional(),
  /** Google's issuer; tests point it at another OpenID Provider. */
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  MICROSOFT_CLIENT_ID: z.string().min(8).max(300).optional(),
  MICROSOFT_CLIENT_SECRET: z.string().min(8).max(300).optional(),
  /** The multi-tenant issuer by default: work, school and personal accounts. */
  MICROSOFT_ISSUER: z.url().default('https://login.microsoftonline.com/common/v2.0'),
  /**
   * Google Calendar API v3 base. Set, the REST adapter is used even while sign-in runs on the
   * local issuer (tests point it at a loopback fake); unset, a local Google uses its sample workspace.
   */
  GOOGLE_CALENDAR_API_URL: z.url().optional(),
  /** Microsoft Graph base, the same way as GOOGLE_CALENDAR_API_URL. */
  MICROSOFT_GRAPH_URL: z.url().optional(),
  /** Gmail API v1 and Google People API v1 bases, the same way as GOOGLE_CALENDAR_API_URL. */
  GMAIL_API_URL: z.url().optional(),
  GOOGLE_PEOPLE_API_URL: z.url().optional(),
  /**
   * Gmail push (issue 31): the Pub/Sub topic `users.watch` publishes to
   * (`projects/<project>/topics/<topic>`, gmail-api-push@system.gserviceaccount.com may publish),
   * and what the push subscription's OIDC token must carry: its audience and its service account.
   */
  GOOGLE_PUBSUB_TOPIC: z
    .string()
    .regex(/^projects\/[^/]+\/topics\/[^/]+$/, 'must be projects/<project>/topics/<topic>')
    .optional(),
  GOOGLE_PUBSUB_AUDIENCE: z.string().min(1).max(500).optional(),
  GOOGLE_PUBSUB_SERVICE_ACCOUNT: z.email().optional(),
  /** Google's signing keys for those tokens; tests point it at a loopback fake's JWKS. */
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  /** How long one calendar call may take before the provider counts as unavailable. */
  CALENDAR_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  FACEBOOK_CLIENT_ID: z.string().min(8).max(300).optional(),
  FACEBOOK_CLIENT_SECRET: z.string().min(8).max(300).optional(),
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-fA-F]{32}$/, 'must look like AC followed by 32 hex digits')
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().min(16).optional(),
  TWILIO_FROM: z
    .string()
    .regex(
      /^(\+[0-9]{8,15}|MG[0-9a-fA-F]{32})$/,
      'must be an E.164 sender number or a Messaging Service SID (MG...)',
    )
    .optional(),
  TWILIO_BASE_URL: z.url().default('https://api.twilio.com'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  /** Sender of every mail; a name and address, e.g. "Relay <no-reply@example.com>". */
  MAIL_FROM: z.string().min(3).max(200).optional(),
  MAIL_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(30_000),
  /** The job queue (lib/jobs): how often due jobs are looked for, and how many run at once per instance. */
  /** How often a polled change feed (CalDAV) is synced when nothing asks for sooner (issue 31). */
  FEED_POLL_INTERVAL_MS: z.coerce.number().int().min(1000).max(86_400_000).default(300_000),
  JOBS_POLL_INTERVAL_MS: z.coerce.number().int().min(10).max(600_000).default(1000),
  JOBS_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  /**
   * How long after an account deletion the SQLite file is rewritten (VACUUM), one rewrite for
   * every deletion in that window (decision 351).
   */
  ERASURE_REWRITE_DELAY_MS: z.coerce.number().int().min(10).max(86_400_000).default(600_000),
  /** How long one assistant turn (every model step and tool call) may take. */
  ASSISTANT_TURN_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
  /**
   * Added to the turn's deadline for the turn job's lease and the person's run lock: room to
   * queue the replies after the model. A dead instance's turn is taken again after deadline +
   * this; tests shorten it to see that happen in seconds.
   */
  ASSISTANT_LEASE_MARGIN_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /** The first retry of a failed turn waits about this long, doubling up to 30 times it. */
  ASSISTANT_RETRY_BASE_MS: z.coerce.number().int().min(10).max(600_000).default(1000),
  /** How long texts, turns, tool calls and approvals are kept (issue 21: 90 days). */
  ASSISTANT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  ASSISTANT_SCHEDULE_INTERVAL_MS: z.coerce.number().int().min(10).max(3_600_000).default(60_000),
  /** A person's calendars are looked at for event reminders this often when every one has a working change feed. */
  REMINDER_LOOK_FED_MS: z.coerce
    .number()
    .int()
    .min(60_000)
    .max(7 * 86_400_000)
    .default(12 * 3_600_000),
  /** ...and this often when one has none (decision 501). */
  REMINDER_LOOK_UNFED_MS: z.coerce.number().int().min(60_000).max(86_400_000).default(300_000),
  /** Reminder looks under way at once in a pass (decision 575): a real provider's listing waits 100-300 ms. */
  REMINDER_LOOKS_AT_ONCE: z.coerce.number().int().min(1).max(64).default(8),
  /** Apple iCloud's CalDAV and CardDAV servers; tests point both at a local Radicale. */
  /**
   * Unset, Apple is the local stand-in (any Apple ID, a password shaped xxxx-xxxx-xxxx-xxxx)
   * outside production or on a loopback PUBLIC_URL; a deployed server unset means iCloud itself.
   */
  APPLE_CALDAV_URL: z.url().optional(),
  APPLE_CARDDAV_URL: z.url().optional(),
  /** How long one iCloud call (a discovery, an event list) may take in all. */
  APPLE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(20_000),
  /**
   * SMS pumping (issue 29): replies to numbers with no account, across every instance, at most
   * this many an hour and a day; each number gets at most one a day whatever the caps.
   */
  SMS_UNKNOWN_REPLIES_PER_HOUR: z.coerce.number().int().min(0).max(1_000_000).default(100),
  SMS_UNKNOWN_REPLIES_PER_DAY: z.coerce.number().int().min(0).max(10_000_000).default(200),
  /**
   * The countries whose numbers get a reply when they have no account (ISO codes, comma
   * separated); by default the spec's 26 sign-in countries. Other numbers are never answered.
   */
  SMS_SERVED_COUNTRIES: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((code) => code.trim().toUpperCase())
        .filter(Boolean),
    )
    .refine(
      (codes) => codes.every((code) => /^[A-Z]{2}$/.test(code)),
      'must be ISO country codes such as US,GB',
    )
    .optional(),
  /**
   * WhatsApp's business terms bar general-purpose AI assistants since 15 January 2026: off, a
   * WhatsApp message gets no answer and nothing is sent on WhatsApp (operations.md).
   */
  WHATSAPP_ENABLED: ZBool.default(false),
  CHAT_SMS_NUMBER: z
    .string()
    .regex(/^\+[0-9]{8,15}$/, 'must be an E.164 number such as +15550100000')
    .default('+15550100000'),
  /**
   * The assistant's model (issue 21): any OpenAI-compatible server (vLLM, llama.cpp, Ollama,
   * OpenAI itself) at LLM_BASE_URL, or OpenAI or Anthropic by key; none set, the local stand-in.
   */
  LLM_BASE_URL: z.url().optional(),
  LLM_MODEL: z.string().min(1).max(200).optional(),
  /** Sent as `Authorization: Bearer` to LLM_BASE_URL; many local servers need none. */
  LLM_API_KEY: z.string().min(1).max(1000).optional(),
  OPENAI_API_KEY: z.string().min(8).max(1000).optional(),
  ANTHROPIC_API_KEY: z.string().min(8).max(1000).optional(),
  /** How long one model call (one HTTP request) may take before it is aborted. */
  LLM_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /** What a cached input token costs as a fraction of a fresh one; the provider's rule when unset. */
  LLM_CACHED_INPUT_RATE: z.coerce.number().min(0).max(1).optional(),
  /** Stripe's secret key; unset, payments run on the local stand-in (/dev/checkout). */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/, 'must be a Stripe secret key (sk_test_..., sk_live_...)')
    .optional(),
  /** The signing secret of the webhook endpoint (whsec_...): required with STRIPE_SECRET_KEY. */
  STRIPE_WEBHOOK_SECRET: z.string().min(8).max(300).optional(),
  /** The Starter plan's monthly price (price_...): required with STRIPE_SECRET_KEY. */
  STRIPE_STARTER_PRICE_ID: z.string().min(3).max(255).optional(),
  /** The browser's key for the in-page card form (pk_...); unset, the page offers Checkout only. */
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_[A-Za-z0-9]+$/, 'must be a Stripe publishable key (pk_test_..., pk_live_...)')
    .optional(),
  /** Another Stripe API host (tests point the SDK at a loopback fake), e.g. http://127.0.0.1:12111. */
  STRIPE_API_URL: z.url().optional(),
});

/** Environment variables as strings, the way a process receives them. */
export type Env = Partial<Record<keyof z.input<typeof ZEnv>, string>>;

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string; schema?: string };
  redisUrl?: string;
  logLevel: string;
  /** false, a hop count, or the proxies' addresses/CIDRs (never "trust all"). */
  trustProxy: false | number | string[];
  /** PUBLIC_URL is on this machine only, so stand-ins cannot face the internet. */
  publicUrlIsLoopback: boolean;
  allowStandIns: boolean;
  rateLimitPerMinute: number;
  /** The internal API's budget per service key (ASSISTANT_API_RATE_LIMIT_PER_MINUTE). */
  assistantApiRateLimitPerMinute: number;
  web: { distDir: string; enabled: boolean };
  productName: string;
  supportEmail: string;
  assistantApiKey?: string;
  chatSmsNumber: string;
  /** The SMS outbox's limits (issue 29). */
  sms: {
    unknownRepliesPerHour: number;
    unknownRepliesPerDay: number;
    /** ISO codes of the countries whose unknown numbers get a reply. */
    servedCountries: string[];
    whatsappEnabled: boolean;
  };
  encryptionKey?: string;
  previousEncryptionKeys: string[];
  mail: { smtpUrl?: string; from: string; retryBaseMs: number };
  jobs: { pollIntervalMs: number; concurrency: number };
  /** FEED_POLL_INTERVAL_MS: a polled change feed's pace. */
  feedPollIntervalMs: number;
  /** ERASURE_REWRITE_DELAY_MS: the window whose account deletions share one rewrite of the file. */
  erasureRewriteDelayMs: number;
  assistantTurnTimeoutMs: number;
  assistantLeaseMarginMs: number;
  assistantRetentionDays: number;
  /** How often each instance looks for briefings, reminders and greetings to schedule. */
  assistantScheduleIntervalMs: number;
  /** REMINDER_LOOK_FED_MS and REMINDER_LOOK_UNFED_MS: how often reminder looks come (decision 501). */
  reminderLooks: { fedMs: number; unfedMs: number; atOnce: number };
  assistantRetryBaseMs: number;
  /** `local`: the stand-in answers (no URL set, outside production or on a loopback PUBLIC_URL). */
  apple: { caldavUrl: string; carddavUrl: string; timeoutMs: number; local: boolean };
  twilio?: { accountSid: string; authToken: string; from: string; baseUrl: string };
  /** Real Stripe when its key is set; otherwise the local payments stand-in. */
  stripe?: {
    secretKey: string;
    webhookSecret: string;
    starterPriceId: string;
    api?: { host: string; port: number; protocol: 'http' | 'https' };
  };
  /** Public: the web's card form loads Stripe.js with it. */
  stripePublishableKey?: string;
  /**
   * The workspace's REST APIs (issue 20). `explicit` when any of a provider's API URLs was set,
   * which picks its real adapters even while it signs in through the local issuer.
   */
  workspaceApis: {
    google: {
      calendarUrl: string;
      gmailUrl: string;
      peopleUrl: string;
      explicit: boolean;
      /** Gmail push through Pub/Sub; null when GOOGLE_PUBSUB_TOPIC is unset (Gmail is then polled). */
      pubsub: { topic: string; audience: string; serviceAccount: string; jwksUrl: string } | null;
    };
    microsoft: { graphUrl: string; explicit: boolean };
    timeoutMs: number;
  };
  /** The assistant's model: `local` is the stand-in (providers/llm/local-model.ts). */
  llm: LlmConfig;
  /** Each provider with a client id and secret signs in for real; the others use the local issuer. */
  identity: {
    google?: { issuer: string; clientId: string; clientSecret: string };
    microsoft?: { issuer: string; clientId: string; clientSecret: string };
    facebook?: { clientId: string; clientSecret: string };
  };
}

/** Which model answers the person's texts, and how long one call to it may take. */
export type LlmConfig = {
  timeoutMs: number;
  /** LLM_CACHED_INPUT_RATE: overrides the provider's rule for cached input (cached-rate.ts). */
  cachedInputRate?: number;
} & (
  | { kind: 'local' }
  | { kind: 'openai-compatible'; baseUrl: string; model: string; apiKey?: string }
  | { kind: 'openai'; model: string; apiKey: string }
  | { kind: 'anthropic'; model: string; apiKey: string }
);

/**
 * LLM_BASE_URL wins (it names its own server); otherwise the one provider key set. Half a
 * setting is refused rather than quietly falling back to the stand-in, which would look like a
 * broken real model to the person texting.
 */
function llmConfig(e: z.infer<typeof ZEnv>): LlmConfig {
  const timeoutMs = e.LLM_TIMEOUT_MS;
  if (e.LLM_BASE_URL) {
    if (!e.LLM_MODEL)
      refuse('LLM_MODEL', 'set it with LLM_BASE_URL: the model that server serves (e.g. qwen2.5:7b)');
    return {
      kind: 'openai-compatible',
      baseUrl: e.LLM_BASE_URL.replace(/\/+$/, ''),
      model: e.LLM_MODEL,
      ...(e.LLM_API_KEY ? { apiKey: e.LLM_API_KEY } : {}),
      timeoutMs,
    };
  }
  if (e.LLM_API_KEY) refuse('LLM_API_KEY', 'is the key of the server at LLM_BASE_URL: set LLM_BASE_URL too');
  if (e.OPENAI_API_KEY && e.ANTHROPIC_API_KEY)
    refuse(
      'OPENAI_API_KEY, ANTHROPIC_API_KEY',
      'both are set: keep the one whose model should run the assistant',
    );
  for (const [kind, apiKey, example] of [
    ['openai', e.OPENAI_API_KEY, 'gpt-4.1-mini'],
    ['anthropic', e.ANTHROPIC_API_KEY, 'claude-sonnet-4-5'],
  ] as const) {
    if (!apiKey) continue;
    if (!e.LLM_MODEL)
      refuse('LLM_MODEL', `set it with ${kind.toUpperCase()}_API_KEY: the model to use (e.g. ${example})`);
    return { kind, apiKey, model: e.LLM_MODEL, timeoutMs };
  }
  if (e.LLM_MODEL)
    refuse(
      'LLM_MODEL',
      'names a model but no server: set LLM_BASE_URL, OPENAI_API_KEY or ANTHROPIC_API_KEY with it, or unset it for the local stand-in',
    );
  return { kind: 'local', timeoutMs };
}

function refuse(names: string, why: string): never {
  throw new ConfigError(`Invalid environment variable(s):\n  ${names}: ${why}`);
}

/** The SDK takes host, port and protocol apart rather than one URL. */
function stripeApi(url: string): { host: string; port: number; protocol: 'http' | 'https' } {
  const parsed = new URL(url);
  const protocol = parsed.protocol === 'http:' ? 'http' : 'https';
  return {
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : protocol === 'http' ? 80 : 443,
    protocol,
  };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment once. A bad value stops start-up with a message naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty strings mean "unset": that is how most .env files and shells leave a variable.
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = ZEnv.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment variable(s):\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const twilioVars = [e.TWILIO_ACCOUNT_SID, e.TWILIO_AUTH_TOKEN, e.TWILIO_FROM];
  if (twilioVars.some(Boolean) && !twilioVars.every(Boolean)) {
    throw new ConfigError(
      'Invalid environment variable(s):\n  TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM: set all three to send real SMS, or none for the local stand-in',
    );
  }
  for (const [name, pair] of [
    ['GOOGLE', [e.GOOGLE_CLIENT_ID, e.GOOGLE_CLIENT_SECRET]],
    ['MICROSOFT', [e.MICROSOFT_CLIENT_ID, e.MICROSOFT_CLIENT_SECRET]],
    ['FACEBOOK', [e.FACEBOOK_CLIENT_ID, e.FACEBOOK_CLIENT_SECRET]],
  ] as const) {
    if (Boolean(pair[0]) !== Boolean(pair[1])) {
      throw new ConfigError(
        `Invalid environment variable(s):\n  ${name}_CLIENT_ID, ${name}_CLIENT_SECRET: set both to sign in with the real provider, or neither for the local one`,
      );
    }
  }
  const pubsubVars = [e.GOOGLE_PUBSUB_TOPIC, e.GOOGLE_PUBSUB_AUDIENCE, e.GOOGLE_PUBSUB_SERVICE_ACCOUNT];
  if (pubsubVars.some(Boolean) && !pubsubVars.every(Boolean)) {
    throw new ConfigError(
      'Invalid environment variable(s):\n  GOOGLE_PUBSUB_TOPIC, GOOGLE_PUBSUB_AUDIENCE, GOOGLE_PUBSUB_SERVICE_ACCOUNT: set all three for Gmail push, or none to poll Gmail',
    );
  }
  if (e.STRIPE_SECRET_KEY && (!e.STRIPE_WEBHOOK_SECRET || !e.STRIPE_STARTER_PRICE_ID)) {
    throw new ConfigError(
      'Invalid environment variable(s):\n  STRIPE_WEBHOOK_SECRET, STRIPE_STARTER_PRICE_ID: set both with STRIPE_SECRET_KEY (a webhook secret and a price for the Starter plan)',
    );
  }
  const llm: LlmConfig = {
    ...llmConfig(e),
    ...(e.LLM_CACHED_INPUT_RATE !== undefined ? { cachedInputRate: e.LLM_CACHED_INPUT_RATE } : {}),
  };
  const dataDir = resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const database: Config['database'] = e.DATABASE_URL?.startsWith('postgres')
    ? { kind: 'postgres', url: e.DATABASE_URL, ...(e.DATABASE_SCHEMA ? { schema: e.DATABASE_SCHEMA } : {}) }
    : {
        kind: 'sqlite',
        file: e.DATABASE_URL ? resolve(e.DATABASE_URL.slice('sqlite:'.length)) : resolve(dataDir, 'app.db'),
      };
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    publicUrlIsLoopback: isLoopbackUrl(publicUrl),
    allowStandIns: e.ALLOW_STAND_INS,
    dataDir,
    database,
    ...(e.REDIS_URL ? { redisUrl: e.REDIS_URL } : {}),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    web: { distDir: resolve(e.WEB_DIST_DIR), enabled: e.SERVE_WEB },
    productName: e.PRODUCT_NAME,
    supportEmail: e.SUPPORT_EMAIL,
    ...(e.ASSISTANT_API_KEY ? { assistantApiKey: e.ASSISTANT_API_KEY } : {}),
    assistantApiRateLimitPerMinute: e.ASSISTANT_API_RATE_LIMIT_PER_MINUTE,
    chatSmsNumber: e.CHAT_SMS_NUMBER,
    sms: {
      unknownRepliesPerHour: e.SMS_UNKNOWN_REPLIES_PER_HOUR,
      unknownRepliesPerDay: e.SMS_UNKNOWN_REPLIES_PER_DAY,
      servedCountries: e.SMS_SERVED_COUNTRIES ?? COUNTRIES.map((country) => country.iso),
      whatsappEnabled: e.WHATSAPP_ENABLED,
    },
    ...(e.APP_ENCRYPTION_KEY ? { encryptionKey: e.APP_ENCRYPTION_KEY } : {}),
    previousEncryptionKeys: e.APP_ENCRYPTION_PREVIOUS_KEYS,
    mail: {
      ...(e.SMTP_URL ? { smtpUrl: e.SMTP_URL } : {}),
      from: e.MAIL_FROM ?? `${e.PRODUCT_NAME} <${e.SUPPORT_EMAIL}>`,
      retryBaseMs: e.MAIL_RETRY_BASE_MS,
    },
    jobs: { pollIntervalMs: e.JOBS_POLL_INTERVAL_MS, concurrency: e.JOBS_CONCURRENCY },
    feedPollIntervalMs: e.FEED_POLL_INTERVAL_MS,
    erasureRewriteDelayMs: e.ERASURE_REWRITE_DELAY_MS,
    assistantTurnTimeoutMs: e.ASSISTANT_TURN_TIMEOUT_MS,
    assistantLeaseMarginMs: e.ASSISTANT_LEASE_MARGIN_MS,
    assistantRetentionDays: e.ASSISTANT_RETENTION_DAYS,
    assistantScheduleIntervalMs: e.ASSISTANT_SCHEDULE_INTERVAL_MS,
    reminderLooks: {
      fedMs: e.REMINDER_LOOK_FED_MS,
      unfedMs: e.REMINDER_LOOK_UNFED_MS,
      atOnce: e.REMINDER_LOOKS_AT_ONCE,
    },
    assistantRetryBaseMs: e.ASSISTANT_RETRY_BASE_MS,
    apple: {
      caldavUrl: e.APPLE_CALDAV_URL ?? 'https://caldav.icloud.com',
      carddavUrl: e.APPLE_CARDDAV_URL ?? e.APPLE_CALDAV_URL ?? 'https://contacts.icloud.com',
      timeoutMs: e.APPLE_TIMEOUT_MS,
      // A server only this machine can reach (`npm start`) is a local one whatever NODE_ENV says.
      local: !e.APPLE_CALDAV_URL && (e.NODE_ENV !== 'production' || isLoopbackUrl(publicUrl)),
    },
    llm,
    identity: {
      ...(e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? {
            google: {
              issuer: e.GOOGLE_ISSUER,
              clientId: e.GOOGLE_CLIENT_ID,
              clientSecret: e.GOOGLE_CLIENT_SECRET,
            },
          }
        : {}),
      ...(e.MICROSOFT_CLIENT_ID && e.MICROSOFT_CLIENT_SECRET
        ? {
            microsoft: {
              issuer: e.MICROSOFT_ISSUER,
              clientId: e.MICROSOFT_CLIENT_ID,
              clientSecret: e.MICROSOFT_CLIENT_SECRET,
            },
          }
        : {}),
      ...(e.FACEBOOK_CLIENT_ID && e.FACEBOOK_CLIENT_SECRET
        ? { facebook: { clientId: e.FACEBOOK_CLIENT_ID, clientSecret: e.FACEBOOK_CLIENT_SECRET } }
        : {}),
    },
    workspaceApis: {
      google: {
        calendarUrl: (e.GOOGLE_CALENDAR_API_URL ?? 'https://www.googleapis.com/calendar/v3').replace(
          /\/+$/,
          '',
        ),
        gmailUrl: (e.GMAIL_API_URL ?? 'https://gmail.googleapis.com/gmail/v1').replace(/\/+$/, ''),
        peopleUrl: (e.GOOGLE_PEOPLE_API_URL ?? 'https://people.googleapis.com/v1').replace(/\/+$/, ''),
        explicit: Boolean(e.GOOGLE_CALENDAR_API_URL || e.GMAIL_API_URL || e.GOOGLE_PEOPLE_API_URL),
        pubsub: e.GOOGLE_PUBSUB_TOPIC
          ? {
              topic: e.GOOGLE_PUBSUB_TOPIC,
              audience: e.GOOGLE_PUBSUB_AUDIENCE ?? '',
              serviceAccount: e.GOOGLE_PUBSUB_SERVICE_ACCOUNT ?? '',
              jwksUrl: e.GOOGLE_JWKS_URL,
            }
          : null,
      },
      microsoft: {
        graphUrl: (e.MICROSOFT_GRAPH_URL ?? 'https://graph.microsoft.com/v1.0').replace(/\/+$/, ''),
        explicit: Boolean(e.MICROSOFT_GRAPH_URL),
      },
      timeoutMs: e.CALENDAR_TIMEOUT_MS,
    },
    ...(e.STRIPE_PUBLISHABLE_KEY ? { stripePublishableKey: e.STRIPE_PUBLISHABLE_KEY } : {}),
    ...(e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET && e.STRIPE_STARTER_PRICE_ID
      ? {
          stripe: {
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            starterPriceId: e.STRIPE_STARTER_PRICE_ID,
            ...(e.STRIPE_API_URL ? { api: stripeApi(e.STRIPE_API_URL) } : {}),
          },
        }
      : {}),
    ...(e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && e.TWILIO_FROM
      ? {
          twilio: {
            accountSid: e.TWILIO_ACCOUNT_SID,
            authToken: e.TWILIO_AUTH_TOKEN,
            from: e.TWILIO_FROM,
            baseUrl: e.TWILIO_BASE_URL.replace(/\/+$/, ''),
          },
        }
      : {}),
  };
}
