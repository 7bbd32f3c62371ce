import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { SecretBox, SecretBoxError } from '../src/lib/secret-box';
import { loadSecrets } from '../src/lib/secrets';

describe('secrets at rest', () => {
  const key = randomBytes(32);
  const box = new SecretBox(key);

  it('round-trips and never stores the plaintext', () => {
    const sealed = box.seal('1//refresh-token-abc', 'connections:refresh:1');
    expect(sealed).not.toContain('refresh-token-abc');
    expect(JSON.parse(sealed)).toMatchObject({ v: 1, kid: expect.any(String), iv: expect.any(String) });
    expect(box.open(sealed, 'connections:refresh:1')).toEqual({
      plaintext: '1//refresh-token-abc',
      stale: false,
    });
  });

  it('uses a fresh IV each time', () => {
    expect(box.seal('same', 'c')).not.toBe(box.seal('same', 'c'));
  });

  it('refuses a value moved to another record or altered', () => {
    const sealed = box.seal('secret', 'connections:refresh:1');
    expect(() => box.open(sealed, 'connections:refresh:2')).toThrow(SecretBoxError);
    const envelope = JSON.parse(sealed);
    envelope.ct = Buffer.from('tampered').toString('base64url');
    expect(() => box.open(JSON.stringify(envelope), 'connections:refresh:1')).toThrow(SecretBoxError);
    expect(() => box.open('not json', 'c')).toThrow(SecretBoxError);
  });

  it('opens values sealed under a previous key after rotation, and marks them stale', () => {
    const oldBox = new SecretBox(key);
    const sealed = oldBox.seal('secret', 'ctx');
    const rotated = new SecretBox(randomBytes(32), [key]);
    expect(rotated.open(sealed, 'ctx')).toEqual({ plaintext: 'secret', stale: true });
    const resealed = rotated.seal('secret', 'ctx');
    expect(rotated.open(resealed, 'ctx').stale).toBe(false);
    expect(() => new SecretBox(randomBytes(32)).open(sealed, 'ctx')).toThrow(/no key/);
  });

  it('derives the previous keys from APP_ENCRYPTION_PREVIOUS_KEYS', () => {
    const oldMaster = randomBytes(32).toString('base64');
    const newMaster = randomBytes(32).toString('base64');
    const before = loadSecrets(loadConfig({ APP_ENCRYPTION_KEY: oldMaster }));
    const after = loadSecrets(
      loadConfig({ APP_ENCRYPTION_KEY: newMaster, APP_ENCRYPTION_PREVIOUS_KEYS: oldMaster }),
    );
    const sealed = new SecretBox(before.encryption).seal('token', 'ctx');
    expect(new SecretBox(after.encryption, after.previousEncryption).open(sealed, 'ctx')).toEqual({
      plaintext: 'token',
      stale: true,
    });
    expect(() => loadConfig({ APP_ENCRYPTION_PREVIOUS_KEYS: 'short' })).toThrow(
      /APP_ENCRYPTION_PREVIOUS_KEYS/,
    );
  });
});
