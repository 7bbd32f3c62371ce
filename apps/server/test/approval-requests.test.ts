import { describe, expect, it } from 'vitest';
import { numbered, shortPreview, withPreviews } from '../src/modules/assistant/approval-requests';
import { requestText } from '../src/modules/assistant/approval-text';
import { say } from '../src/modules/assistant/texts';
import { segmentsOf } from '../src/providers/sms/segments';

/** The number a request text gets while others wait (decision 290): how to answer, whole. */
describe('a numbered request text', () => {
  const ask = 'Reply YES to confirm, NO to cancel.';
  const atTheLimit = (flag: string) => {
    const tail = `${flag}\n${ask}`;
    // 3 GSM segments hold 459 characters: the first line takes what the rest leaves, exactly.
    const title = 'Lunch at the harbour '.repeat(30).slice(0, 459 - tail.length - 7);
    return `Add "${title}"\n${tail}`;
  };

  it('swaps how to answer for its numbered form', () => {
    expect(numbered('en', 'Add "Tea", Tue 1 Dec, 10:00\nReply YES to send, NO to cancel.', 2)).toBe(
      'Add "Tea", Tue 1 Dec, 10:00\nReply YES 2 to send, NO 2 to cancel.',
    );
    expect(numbered('zh', '添加“茶”\n回复“是”确认，回复“否”取消。', 3)).toBe(
      '添加“茶”\n回复“是 3”确认，回复“否 3”取消。',
    );
    // Worded otherwise: the numbered line is added.
    expect(numbered('en', 'Something else', 2)).toBe('Something else\nReply YES 2 or NO 2.');
  });

  it('stays within 3 segments at the limit, shortening the first line, never the flag or how to answer', () => {
    const flag = 'New to you (not in your contacts or mail you sent): a1@evil.example';
    const text = atTheLimit(flag);
    expect(segmentsOf(text).segments).toBe(3);
    expect(text.length).toBe(459);
    const out = numbered('en', text, 2);
    expect(segmentsOf(out).segments).toBeLessThanOrEqual(3);
    expect(out.endsWith(`\n${flag}\nReply YES 2 to confirm, NO 2 to cancel.`)).toBe(true);
    expect(out.startsWith('Add "Lunch at the harbour Lunch')).toBe(true);
  });
});

describe('a numbered request text as approval-text.ts writes it, at the limit', () => {
  it('shortens what it is about, never who it goes to, who is new, where all of it is or how to answer', () => {
    const to = ['a1@evil.example', 'a2@evil.example', 'a3@evil.example', 'a4@evil.example'];
    // A subject with no space to cut at: the request fills its 3 segments to the last character.
    const { text } = requestText(
      'en',
      { kind: 'send_mail', recipients: to, flagged: to, lines: [`Subject: ${'x'.repeat(600)}`], body: null },
      'https://relay.example/assistant',
      'askSend',
    );
    expect(text.length).toBe(459);
    const out = numbered('en', text, 2);
    expect(segmentsOf(out).segments).toBeLessThanOrEqual(3);
    const all = to.join(', ');
    expect(
      out.startsWith(
        `Email ${all}\nNew to you (not in your contacts or mail you sent): ${all}\nSubject: xxx`,
      ),
    ).toBe(true);
    expect(out).toMatch(
      /x\.\.\.\nAll of it: https:\/\/relay\.example\/assistant\nReply YES 2 to send, NO 2 to cancel\.$/,
    );
  });
});

describe('the question which request a bare YES meant', () => {
  const which = (language: 'en' | 'zh', word: string, previews: string[]) =>
    withPreviews((max) =>
      say(language, 'which', {
        list: previews
          .map((preview, i) =>
            say(language, 'whichItem', {
              word,
              n: String(i + 1),
              preview: shortPreview(language, preview, max),
            }),
          )
          .join(say(language, 'whichSeparator')),
      }),
    );

  it('names each request by its kind and what it is (title and time, subject), not the kind alone', () => {
    const text = which('en', 'YES', [
      'New event\n"Lunch", Fri 4 Dec, 12:00–13:00',
      'New event, invitations to sam@example.com\n"Tea", Fri 4 Dec, 15:00–16:00\nPlace: Pier 9',
      'Email a@evil.example, b@evil.example\nSubject: Q3\nNew to you (not in your contacts or mail you sent): a@evil.example, b@evil.example',
    ]);
    expect(text).toBe(
      'Several requests are waiting, so nothing was done. Reply with its number: ' +
        'YES 1 for New event "Lunch", Fri 4 Dec, 12:00–13:00; ' +
        'YES 2 for New event "Tea", Fri 4 Dec, 15:00–16:00; ' +
        'YES 3 for Email a@evil.example, Subject: Q3',
    );
    // A preview stored before the kind had a line of its own is its one line.
    expect(shortPreview('en', 'Add "Never asked"')).toBe('Add "Never asked"');
    // A delete and a change of the same event stay told apart by their kind.
    expect(
      shortPreview(
        'en',
        'Delete an event; the cancellation goes to sam@example.com\n"Lunch", Fri 4 Dec, 12:00–13:00',
        30,
      ),
    ).toBe('Delete an event "Lunch", Fri…');
  });

  it('names every waiting request within 3 segments, in Chinese too, shortening the previews', () => {
    const previews = [1, 2, 3].map(
      (n) =>
        `新日程，邀请发给 li.ming@example.org\n“和李明在港口边的餐厅吃午饭并讨论第${n}季度的预算”，11月29日周日 12:00–13:00\n新地址（不在您的联系人中，您也没有给其发过邮件）：li.ming@example.org`,
    );
    const text = which('zh', '是', previews);
    expect(segmentsOf(text).segments).toBeLessThanOrEqual(3);
    for (const n of [1, 2, 3]) expect(text).toContain(`“是 ${n}”：新日程“和李明`);
    expect(shortPreview('zh', previews[0]!)).toBe(
      '新日程“和李明在港口边的餐厅吃午饭并讨论第1季度的预算”，11月29日周日 12:00–13:00',
    );
  });
});
