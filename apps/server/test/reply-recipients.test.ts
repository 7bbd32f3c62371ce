import type { TMailMessage } from '@app/contract/workspace/mail';
import { describe, expect, it } from 'vitest';
import { replyRecipients, replySubject } from '../src/modules/workspace/reply-recipients';

const message = (over: Partial<TMailMessage>): TMailMessage => ({
  id: 'm1',
  connectionId: 'c1',
  provider: 'google',
  threadId: 't1',
  from: { email: 'sam@example.com', name: 'Sam' },
  to: [
    { email: 'me@example.com', name: null },
    { email: 'ana@example.com', name: 'Ana' },
  ],
  cc: [{ email: 'lee@example.com', name: null }],
  subject: 'Lunch',
  snippet: '',
  date: '2026-11-20T10:00:00.000Z',
  unread: false,
  hasAttachments: false,
  text: 'Lunch?',
  attachments: [],
  messageId: '<a@example.com>',
  references: [],
  ...over,
});

describe('who a reply goes to', () => {
  it('answers the sender only, unless reply-all', () => {
    expect(replyRecipients(message({}), ['me@example.com'], { replyAll: false, to: [], cc: [] })).toEqual({
      to: ['sam@example.com'],
      cc: [],
    });
  });

  it('adds everyone else on reply-all, never the person, never anyone twice', () => {
    expect(
      replyRecipients(message({}), ['ME@example.com'], { replyAll: true, to: [], cc: ['Ana@example.com'] }),
    ).toEqual({
      to: ['sam@example.com'],
      cc: ['ana@example.com', 'lee@example.com'],
    });
  });

  it('answers the recipients when the person sent the original', () => {
    const mine = message({
      from: { email: 'me@example.com', name: null },
      to: [{ email: 'sam@example.com', name: null }],
    });
    expect(replyRecipients(mine, ['me@example.com'], { replyAll: false, to: [], cc: [] }).to).toEqual([
      'sam@example.com',
    ]);
  });

  it('never adds a phone sign-up placeholder or any of the person’s own addresses (issue 29, finding 7)', () => {
    const original = message({
      from: { email: 'sam@example.com', name: 'Sam' },
      to: [
        { email: 'p61418555000@phone.relay.invalid', name: null },
        { email: 'Work@Example.com', name: null },
        { email: 'ana@example.com', name: 'Ana' },
      ],
      cc: [{ email: 'home@example.net', name: null }],
    });
    // The person signed up by phone; their connections are work@ and home@.
    expect(
      replyRecipients(original, ['work@example.com', 'home@example.net'], { replyAll: true, to: [], cc: [] }),
    ).toEqual({ to: ['sam@example.com'], cc: ['ana@example.com'] });
    // A mail the person sent from a second account answers its recipients, not themselves.
    const mine = message({
      from: { email: 'home@example.net', name: null },
      to: [
        { email: 'ana@example.com', name: null },
        { email: 'work@example.com', name: null },
      ],
      cc: [],
    });
    expect(
      replyRecipients(mine, ['work@example.com', 'home@example.net'], { replyAll: true, to: [], cc: [] }),
    ).toEqual({ to: ['ana@example.com'], cc: [] });
  });

  it('prefixes Re: once, in either language', () => {
    expect(replySubject('Lunch')).toBe('Re: Lunch');
    expect(replySubject('RE: Lunch')).toBe('RE: Lunch');
    expect(replySubject('回复：午饭')).toBe('回复：午饭');
  });
});
