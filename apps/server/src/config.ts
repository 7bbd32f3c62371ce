import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

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
  TRUST_PROXY: ZBool.default(false),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(300),
  WEB_DIST_DIR: z.string().min(1).default(defaultWebDist),
  SERVE_WEB: ZBool.default(true),
  PRODUCT_NAME: z.string().min(1).max(60).default('Relay'),
  SUPPORT_EMAIL: z.email().default('support@example.com'),
  /** 32 random bytes, base64. Generated into DATA_DIR on first local start; set it when several instances share data. */
  APP_ENCRYPTION_KEY: z
    .string()
    .refine(
      (value) => Buffer.from(value, 'base64').length === 32,
      'must be 32 bytes, base64-encoded (openssl rand -base64 32)',
    )
    .optional(),
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
  MAIL_POLL_INTERVAL_MS: z.coerce.number().int().min(10).max(600_000).default(5000),
  MAIL_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(30_000),
  CHAT_SMS_NUMBER: z
    .string()
    .regex(/^\+[0-9]{8,15}$/, 'must be an E.164 number such as +15550100000')
    .default('+15550100000'),
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
  trustProxy: boolean;
  rateLimitPerMinute: number;
  web: { distDir: string; enabled: boolean };
  productName: string;
  supportEmail: string;
  chatSmsNumber: string;
  encryptionKey?: string;
  mail: { smtpUrl?: string; from: string; pollIntervalMs: number; retryBaseMs: number };
  twilio?: { accountSid: string; authToken: string; from: string; baseUrl: string };
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
  const dataDir = resolve(e.DATA_DIR);
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
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    dataDir,
    database,
    ...(e.REDIS_URL ? { redisUrl: e.REDIS_URL } : {}),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    web: { distDir: resolve(e.WEB_DIST_DIR), enabled: e.SERVE_WEB },
    productName: e.PRODUCT_NAME,
    supportEmail: e.SUPPORT_EMAIL,
    chatSmsNumber: e.CHAT_SMS_NUMBER,
    ...(e.APP_ENCRYPTION_KEY ? { encryptionKey: e.APP_ENCRYPTION_KEY } : {}),
    mail: {
      ...(e.SMTP_URL ? { smtpUrl: e.SMTP_URL } : {}),
      from: e.MAIL_FROM ?? `${e.PRODUCT_NAME} <${e.SUPPORT_EMAIL}>`,
      pollIntervalMs: e.MAIL_POLL_INTERVAL_MS,
      retryBaseMs: e.MAIL_RETRY_BASE_MS,
    },
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
