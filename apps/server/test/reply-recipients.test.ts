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
    expect(replyRecipients(message({}), 'me@example.com', { replyAll: false, to: [], cc: [] })).toEqual({
      to: ['sam@example.com'],
      cc: [],
    });
  });

  it('adds everyone else on reply-all, never the person, never anyone twice', () => {
    expect(
      replyRecipients(message({}), 'ME@example.com', { replyAll: true, to: [], cc: ['Ana@example.com'] }),
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
    expect(replyRecipients(mine, 'me@example.com', { replyAll: false, to: [], cc: [] }).to).toEqual([
      'sam@example.com',
    ]);
  });

  it('prefixes Re: once, in either language', () => {
    expect(replySubject('Lunch')).toBe('Re: Lunch');
    expect(replySubject('RE: Lunch')).toBe('RE: Lunch');
    expect(replySubject('回复：午饭')).toBe('回复：午饭');
  });
});
