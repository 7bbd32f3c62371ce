import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { post } from './helpers/auth';

const root = mkdtempSync(join(tmpdir(), 'relay-perms-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const mode = (path: string) => statSync(path).mode & 0o777;

describe('the data directory and the database', () => {
  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
    'are readable by the app alone: DATA_DIR 0700, app.db and its WAL 0600, the key file 0600',
    async () => {
      const dataDir = join(root, 'fresh', 'data');
      const app = await buildApp(
        loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SERVE_WEB: 'false', DATA_DIR: dataDir }),
      );
      try {
        await app.ready();
        // A write, so the WAL exists.
        await post(app, '/v1/api/send-verification-code', { phoneNumber: '+61412999001' });
        expect(mode(dataDir)).toBe(0o700);
        expect(mode(join(dataDir, 'app.db'))).toBe(0o600);
        expect(mode(join(dataDir, 'app.db-wal'))).toBe(0o600);
        expect(mode(join(dataDir, 'secrets.json'))).toBe(0o600);
      } finally {
        await app.close();
      }
    },
  );
});
