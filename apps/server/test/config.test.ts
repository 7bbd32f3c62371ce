import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';

describe('config', () => {
  it('has working defaults for a fresh machine', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.database).toMatchObject({ kind: 'sqlite' });
    expect(config.database.kind === 'sqlite' && config.database.file).toMatch(/data[/\\]app\.db$/);
    expect(config.redisUrl).toBeUndefined();
  });

  it('chooses PostgreSQL for a postgres:// URL', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test' });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://postgres@127.0.0.1:5432/test' });
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['REDIS_URL', 'localhost:6379'],
    ['LOG_LEVEL', 'loud'],
    ['PUBLIC_URL', 'not a url'],
    ['SUPPORT_EMAIL', 'nobody'],
  ])('stops start-up naming %s when it is %s', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`\\b${name}\\b`));
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '' }).port).toBe(3000);
  });

  it('makes Apple the local stand-in on this machine, even under npm start (production), and iCloud when deployed', () => {
    expect(loadConfig({}).apple.local).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).apple.local).toBe(true);
    const deployed = loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://relay.example.com' });
    expect(deployed.apple).toMatchObject({ local: false, caldavUrl: 'https://caldav.icloud.com' });
    expect(loadConfig({ APPLE_CALDAV_URL: 'http://127.0.0.1:5232' }).apple.local).toBe(false);
  });
});
