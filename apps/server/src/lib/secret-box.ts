import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** How a secret rests in the database (design §5): AES-256-GCM under the key named by `kid`. */
interface Envelope {
  v: 1;
  kid: string;
  iv: string;
  ct: string;
  tag: string;
}

export class SecretBoxError extends Error {
  override name = 'SecretBoxError';
}

/** A key's public name: a hash, so it says which key without saying anything about it. */
export function keyId(key: Buffer): string {
  return createHash('sha256').update('relay-key-id').update(key).digest('base64url').slice(0, 12);
}

/**
 * Encrypts secrets at rest (refresh tokens, app-specific passwords). Each sealed value names
 * its key, so keys rotate: values sealed under a previous key still open, and say they are
 * stale so the caller writes them back under the current key. `context` (a table, column and
 * row id) is bound in as associated data: a sealed value copied to another row will not open.
 */
export class SecretBox {
  private readonly currentId: string;
  private readonly keys: Map<string, Buffer>;

  constructor(
    private readonly current: Buffer,
    previous: readonly Buffer[] = [],
  ) {
    if (current.length !== 32 || previous.some((key) => key.length !== 32)) {
      throw new SecretBoxError('encryption keys must be 32 bytes');
    }
    this.currentId = keyId(current);
    this.keys = new Map([...previous, current].map((key) => [keyId(key), key]));
  }

  seal(plaintext: string, context: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.current, iv);
    cipher.setAAD(Buffer.from(context));
    const ct = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    const envelope: Envelope = {
      v: 1,
      kid: this.currentId,
      iv: iv.toString('base64url'),
      ct: ct.toString('base64url'),
      tag: cipher.getAuthTag().toString('base64url'),
    };
    return JSON.stringify(envelope);
  }

  /** The plaintext, and whether it was sealed under an older key (then seal it again). */
  open(sealed: string, context: string): { plaintext: string; stale: boolean } {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(sealed) as Envelope;
    } catch {
      throw new SecretBoxError('not a sealed value');
    }
    const key = this.keys.get(envelope?.kid);
    if (envelope?.v !== 1 || !key)
      throw new SecretBoxError(`no key ${String(envelope?.kid)} to open this value`);
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(envelope.iv, 'base64url'));
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(Buffer.from(envelope.tag, 'base64url'));
      const plaintext = Buffer.concat([
        decipher.update(Buffer.from(envelope.ct, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
      return { plaintext, stale: envelope.kid !== this.currentId };
    } catch {
      throw new SecretBoxError('the value was altered, or belongs to another record');
    }
  }
}
