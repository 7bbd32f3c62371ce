import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config';

/**
 * The app's keys, all derived (HKDF) from one master key so each use has its own:
 * APP_ENCRYPTION_KEY when set, otherwise a key generated into DATA_DIR on first start
 * (fine for one machine; several instances must share APP_ENCRYPTION_KEY).
 */
export interface Secrets {
  /** HMAC key for verification-code hashes. */
  codeHash: Buffer;
  /** HMAC key for signed tokens (the verified-phone proof). */
  tokenSigning: Buffer;
  /** AES-256-GCM key for secrets at rest. */
  encryption: Buffer;
  /** The same key derived from each previous master key, so values sealed before a rotation still open. */
  previousEncryption: Buffer[];
}

function masterKey(config: Config): Buffer {
  if (config.encryptionKey) return Buffer.from(config.encryptionKey, 'base64');
  const file = join(config.dataDir, 'secrets.json');
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { encryptionKey?: string };
    if (stored.encryptionKey) return Buffer.from(stored.encryptionKey, 'base64');
  }
  mkdirSync(config.dataDir, { recursive: true });
  const key = randomBytes(32);
  // 'wx' fails if another process won the race; then its key is the one to use.
  try {
    writeFileSync(file, `${JSON.stringify({ encryptionKey: key.toString('base64') })}\n`, {
      flag: 'wx',
      mode: 0o600,
    });
    chmodSync(file, 0o600);
    return key;
  } catch {
    return Buffer.from(
      (JSON.parse(readFileSync(file, 'utf8')) as { encryptionKey: string }).encryptionKey,
      'base64',
    );
  }
}

function derive(master: Buffer, info: string): Buffer {
  return Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), info, 32));
}

export function loadSecrets(config: Config): Secrets {
  const master = masterKey(config);
  return {
    codeHash: derive(master, 'verification-code'),
    tokenSigning: derive(master, 'token-signing'),
    encryption: derive(master, 'encryption'),
    previousEncryption: config.previousEncryptionKeys.map((key) =>
      derive(Buffer.from(key, 'base64'), 'encryption'),
    ),
  };
}

export function hmac(key: Buffer, value: string): string {
  return createHmac('sha256', key).update(value).digest('base64url');
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A compact signed token: base64url(JSON payload) + "." + HMAC. Expiry is checked by the reader. */
export function signToken(key: Buffer, payload: Record<string, unknown>): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${hmac(key, body)}`;
}

export function readSignedToken<T>(key: Buffer, token: string): T | null {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined || !safeEqual(signature, hmac(key, body))) return null;
  try {
    return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as T;
  } catch {
    return null;
  }
}
