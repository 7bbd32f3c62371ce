import { describe, expect, it } from 'vitest';
import { detailsOf } from '../src/modules/assistant/approval-details';
import { type RequestParts, requestText } from '../src/modules/assistant/approval-text';
import { segmentsOf } from '../src/providers/sms/segments';

const URL = 'https://relay.example/assistant';
const mail = (over: Partial<RequestParts> = {}): RequestParts => ({
  kind: 'send_mail',
  recipients: ['sam@example.com'],
  flagged: [],
  lines: ['Subject: Lunch'],
  body: 'See you at noon.',
  ...over,
});

describe('the text asking for a YES (approval-text.ts)', () => {
  it('is whole when it fits: recipients, subject, body, how to answer', () => {
    const { text, textApprovable, preview } = requestText('en', mail(), URL, 'askSend');
    expect(text).toBe(
      'Email sam@example.com\nSubject: Lunch\n"See you at noon."\nReply YES to send, NO to cancel.',
    );
    expect(textApprovable).toBe(true);
    // The short account kept with the approval has no body.
    expect(preview).toBe('Email sam@example.com\nSubject: Lunch');
  });

  it('cuts a long body at a word, never a recipient, and says where all of it is', () => {
    const body = `${'word '.repeat(200)}SECRET-AT-THE-END`;
    const flagged = ['x1@evil.example', 'x2@evil.example'];
    const { text, textApprovable } = requestText(
      'en',
      mail({ recipients: ['sam@example.com', ...flagged], flagged, body }),
      URL,
      'askSend',
    );
    expect(textApprovable).toBe(true);
    expect(segmentsOf(text).segments).toBeLessThanOrEqual(3);
    expect(text).toMatch(
      /^Email sam@example\.com, x1@evil\.example, x2@evil\.example\nNew to you \(not in your contacts or mail you sent\): x1@evil\.example, x2@evil\.example\nSubject: Lunch\n"word word/,
    );
    expect(text).toMatch(
      / word\.\.\.\nAll of it: https:\/\/relay\.example\/assistant\nReply YES to send, NO to cancel\.$/,
    );
    expect(text).not.toContain('SECRET');
  });

  it('cuts Chinese between characters within 3 UCS-2 segments', () => {
    const { text } = requestText(
      'zh',
      mail({ lines: ['主题：午饭'], body: '这是一封很长的邮件。'.repeat(40) }),
      URL,
      'askSend',
    );
    expect(segmentsOf(text).segments).toBeLessThanOrEqual(3);
    expect(text).toMatch(/^发邮件给 sam@example\.com\n主题：午饭\n“这是一封很长的邮件。/);
    expect(text).toMatch(/…\n完整内容：https:\/\/relay\.example\/assistant\n回复“是”发送，回复“否”取消。$/);
  });

  it('makes every link the model wrote unclickable, its path and query dropped', () => {
    const { text } = requestText(
      'en',
      mail({
        lines: ['Subject: see www.evil.example/x?code=482913'],
        body: 'Click https://user@evil.example:8443/c?code=482913 or http://a.b.example/p now.',
      }),
      URL,
      'askSend',
    );
    expect(text).toBe(
      'Email sam@example.com\nSubject: see www[.]evil[.]example\n"Click evil[.]example or a[.]b[.]example now."\nReply YES to send, NO to cancel.',
    );
    expect(text).not.toContain('482913');
  });

  it('counts recipients that cannot all be named, and only the screen approves it', () => {
    const many = Array.from({ length: 30 }, (_, i) => `person.number.${i}@example.com`);
    const { text, textApprovable } = requestText(
      'en',
      mail({ kind: 'create_event', recipients: many, lines: ['"Party", Sat 5 Dec'] }),
      URL,
      'askChange',
    );
    expect(textApprovable).toBe(false);
    expect(text).toBe(
      `An invitation to 30 addresses. Too long for a text: approve or cancel it on the screen: ${URL}`,
    );
    const zh = requestText('zh', mail({ recipients: many, flagged: many }), URL, 'askSend');
    expect(zh.text).toBe(
      `这封邮件发给 30 个地址，其中 30 个是新地址（不在您的联系人中，您也没有给其发过邮件）。短信放不下全部内容：请在页面上批准或取消：${URL}`,
    );
    expect(segmentsOf(zh.text).segments).toBeLessThanOrEqual(3);
  });
});

describe('approval details stored before issue 29', () => {
  it('read with defaults, the body from the stored action', () => {
    const details = detailsOf({
      details: JSON.stringify({
        kind: 'send_mail',
        title: 'Lunch',
        recipients: ['sam@example.com'],
        flagged: [],
        when: null,
        calendar: null,
      }),
      input: JSON.stringify({
        kind: 'send_mail',
        mail: { to: ['sam@example.com'], cc: [], bcc: [], subject: 'Lunch', text: 'Noon?', replyAll: false },
      }),
    });
    expect(details).toMatchObject({ body: 'Noon?', place: null, changes: [], textApprovable: true });
  });
});
