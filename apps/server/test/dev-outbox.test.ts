import { ZListOutboxResponse } from '@app/contract/dev/list-outbox';
import { describe, expect, it } from 'vitest';
import { useApp } from './helpers/build';

describe('dev outbox', () => {
  const ctx = useApp();

  it('lists what the stand-ins sent, newest first', async () => {
    await ctx.app.devOutbox.record({ channel: 'sms', to: '+61412345678', body: 'Your code is 11111' });
    await ctx.app.devOutbox.record({
      channel: 'email',
      to: 'support@example.com',
      subject: 'Help',
      body: 'Hi',
    });
    await ctx.app.devOutbox.record({ channel: 'sms', to: '+61412345678', body: 'Your code is 22222' });

    const res = await ctx.app.inject({ method: 'GET', url: '/v1/dev/outbox' });
    expect(res.statusCode).toBe(200);
    const { messages } = ZListOutboxResponse.parse(res.json());
    expect(messages.map((m) => m.body)).toEqual(['Your code is 22222', 'Hi', 'Your code is 11111']);
    expect(messages[1]).toMatchObject({ channel: 'email', to: 'support@example.com', subject: 'Help' });
  });

  it('filters by recipient', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/v1/dev/outbox?to=%2B61412345678&limit=1' });
    const { messages } = ZListOutboxResponse.parse(res.json());
    expect(messages).toHaveLength(1);
    expect(messages[0]?.body).toBe('Your code is 22222');
  });

  it('is announced in the public config while stand-ins are in use', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/v1/config' });
    expect(res.json().standIns).toContain('sms');
  });
});
