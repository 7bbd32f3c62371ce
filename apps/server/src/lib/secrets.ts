import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config';
import { ensurePrivateDir } from './private-files';

/**
 * The app's keys, all derived (HKDF) from one master key so each use has its own:
 * APP_ENCRYPTION_KEY when set, otherwise a key generated into DATA_DIR on first start
 * (fine for one machine; several instances must share APP_ENCRYPTION_KEY).
 */
export interface Secrets {
  /** HMAC key for verification-code hashes. */
  codeHash: Buffer;
  /** AES-256-GCM key for sealed tokens (the verified-phone proof). */
  tokenSealing: Buffer;
  /** AES-256-GCM key for secrets at rest. */
  encryption: Buffer;
  /** The same key derived from each previous master key, so values sealed before a rotation still open. */
  previousEncryption: Buffer[];
  /** HMAC key for the local issuers' client secrets, the same on every instance sharing the master key. */
  localIssuer: Buffer;
}

function masterKey(config: Config): Buffer {
  if (config.encryptionKey) return Buffer.from(config.encryptionKey, 'base64');
  const file = join(config.dataDir, 'secrets.json');
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { encryptionKey?: string };
    if (stored.encryptionKey) return Buffer.from(stored.encryptionKey, 'base64');
  }
  ensurePrivateDir(config.dataDir);
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
    tokenSealing: derive(master, 'token-sealing'),
    encryption: derive(master, 'encryption'),
    previousEncryption: config.previousEncryptionKeys.map((key) =>
      derive(Buffer.from(key, 'base64'), 'encryption'),
    ),
    localIssuer: derive(master, 'local-issuer'),
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

/**
 * A compact sealed token: base64url(iv + AES-256-GCM ciphertext + tag). Sealed rather than only
 * signed, so what it carries (a phone number) cannot be read off a copy. Expiry is the reader's.
 */
export function sealToken(key: Buffer, payload: Record<string, unknown>): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ct = Buffer.concat([cipher.update(JSON.stringify(payload), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, ct, cipher.getAuthTag()]).toString('base64url');
}

export function openSealedToken<T>(key: Buffer, token: string): T | null {
  const raw = Buffer.from(token, 'base64url');
  if (raw.length < 12 + 16 + 2 || raw.toString('base64url') !== token) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(raw.length - 16));
    const plain = Buffer.concat([decipher.update(raw.subarray(12, raw.length - 16)), decipher.final()]);
    return JSON.parse(plain.toString('utf8')) as T;
  } catch {
    return null;
  }
}
