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

  it('caps replies to unknown numbers at 100 an hour and 200 a day, in the 26 countries, with WhatsApp off (issue 29)', () => {
    const { sms } = loadConfig({});
    expect(sms).toMatchObject({
      unknownRepliesPerHour: 100,
      unknownRepliesPerDay: 200,
      whatsappEnabled: false,
    });
    expect(sms.servedCountries).toHaveLength(26);
    expect(sms.servedCountries).toEqual(expect.arrayContaining(['US', 'GB', 'AU', 'CN']));
    const set = loadConfig({
      SMS_UNKNOWN_REPLIES_PER_HOUR: '10',
      SMS_UNKNOWN_REPLIES_PER_DAY: '20',
      SMS_SERVED_COUNTRIES: 'gb, au',
      WHATSAPP_ENABLED: 'true',
    }).sms;
    expect(set).toEqual({
      unknownRepliesPerHour: 10,
      unknownRepliesPerDay: 20,
      servedCountries: ['GB', 'AU'],
      whatsappEnabled: true,
    });
    expect(() => loadConfig({ SMS_SERVED_COUNTRIES: 'Britain' })).toThrow(ConfigError);
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

  it('takes Gmail push settings all three together, or none (Gmail is then polled)', () => {
    const pubsub = {
      GOOGLE_PUBSUB_TOPIC: 'projects/relay-prod/topics/gmail-push',
      GOOGLE_PUBSUB_AUDIENCE: 'https://relay.example.com/v1/hooks/google/gmail',
      GOOGLE_PUBSUB_SERVICE_ACCOUNT: 'gmail-push@relay-prod.iam.gserviceaccount.com',
    };
    expect(loadConfig({}).workspaceApis.google.pubsub).toBeNull();
    expect(loadConfig(pubsub).workspaceApis.google.pubsub).toEqual({
      topic: pubsub.GOOGLE_PUBSUB_TOPIC,
      audience: pubsub.GOOGLE_PUBSUB_AUDIENCE,
      serviceAccount: pubsub.GOOGLE_PUBSUB_SERVICE_ACCOUNT,
      jwksUrl: 'https://www.googleapis.com/oauth2/v3/certs',
    });
    expect(() => loadConfig({ GOOGLE_PUBSUB_TOPIC: pubsub.GOOGLE_PUBSUB_TOPIC })).toThrow(
      /GOOGLE_PUBSUB_AUDIENCE/,
    );
    expect(() => loadConfig({ ...pubsub, GOOGLE_PUBSUB_TOPIC: 'gmail-push' })).toThrow(/GOOGLE_PUBSUB_TOPIC/);
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
