import { describe, expect, it } from 'vitest';
import { decideFollowUp, detectFollowUp } from '../src/providers/llm/stand-in-follow-ups';
import type { ToolOutcome } from '../src/providers/llm/stand-in-prompt';

/** The stand-in's reading of follow-up requests (issue 30), on Wednesday 25 Nov 2026 at 10:40. */
const NOW = { date: '2026-11-25', time: '10:40' };

describe('the stand-in reads follow-up requests', () => {
  it.each([
    ['tell me if Sam replies', { who: 'Sam', about: null, deadline: null }],
    ['let me know when Priya answers', { who: 'Priya', about: null, deadline: null }],
    ["nudge me if Priya hasn't answered by Friday", { who: 'Priya', about: null, deadline: '2026-11-27' }],
    ["remind me if Sam doesn't reply by tomorrow", { who: 'Sam', about: null, deadline: '2026-11-26' }],
    [
      'remind me to follow up on the invoice mail in 3 days',
      { who: null, about: 'invoice', deadline: '2026-11-28T10:40' },
    ],
    ['山姆回复了告诉我', { who: '山姆', about: null, deadline: null }],
    ['如果Priya周五前没回就提醒我', { who: 'Priya', about: null, deadline: '2026-11-27' }],
    ['如果王芳周五前没回就提醒我', { who: '王芳', about: null, deadline: '2026-11-27' }],
    ['3天后提醒我跟进发票那封邮件', { who: null, about: '发票', deadline: '2026-11-28T10:40' }],
  ])('%s', (text, expected) => {
    expect(detectFollowUp(text, NOW)).toEqual({ kind: 'follow-up', ...expected });
  });

  it('reads list and cancel, with the word to cancel by', () => {
    expect(detectFollowUp('what follow-ups do I have?', NOW)).toEqual({ kind: 'follow-up-list' });
    expect(detectFollowUp('cancel the Sam follow-up', NOW)).toEqual({
      kind: 'follow-up-cancel',
      match: 'Sam',
    });
    expect(detectFollowUp('取消李明的跟进', NOW)).toEqual({ kind: 'follow-up-cancel', match: '李明' });
  });

  it('leaves other requests alone', () => {
    for (const text of ['remind me to call mum at 6', 'find mail from Sam', '提醒我明天早上8点给妈妈打电话'])
      expect(detectFollowUp(text, NOW)).toBeNull();
  });
});

describe('the stand-in acts on a follow-up request', () => {
  const failed = () => 'failed';
  const done = (toolName: string, value: unknown): ToolOutcome => ({
    toolName,
    input: {},
    output: { ok: true, value, partial: false },
  });

  it('searches, sets the watch on the newest thread found, then says what it set', () => {
    const intent = { kind: 'follow-up' as const, who: 'Priya', about: null, deadline: '2026-11-27' };
    expect(decideFollowUp(intent, [], 'en', failed)).toEqual({
      type: 'call',
      toolName: 'mail_search',
      input: { from: 'Priya', limit: 5 },
    });
    const found = done('mail_search', {
      quoted_content: {
        messages: [{ id: 'm1', threadId: 't1', connectionId: 'c1', subject: 'Question', from: null }],
      },
    });
    expect(decideFollowUp(intent, [found], 'en', failed)).toEqual({
      type: 'call',
      toolName: 'followup_create',
      input: { connectionId: 'c1', threadId: 't1', from: 'Priya', deadline: '2026-11-27' },
    });
    const set = done('followup_create', {
      id: 'f1',
      waitingFor: 'Priya Natarajan',
      subject: 'Question',
      deadline: '2026-11-27T17:00',
    });
    expect(decideFollowUp(intent, [found, set], 'zh', failed)).toEqual({
      type: 'text',
      text: '好的：如果Priya Natarajan在 2026-11-27 17:00 前没有回复“Question”，我会提醒您；回复了也会告诉您。',
    });
  });

  it('sets nothing when no mail is found', () => {
    const intent = { kind: 'follow-up' as const, who: 'Zebedee', about: null, deadline: null };
    const none = done('mail_search', { quoted_content: { messages: [] } });
    expect(decideFollowUp(intent, [none], 'en', failed)).toEqual({
      type: 'text',
      text: 'I found no mail with "Zebedee", so no follow-up was set.',
    });
  });
});
