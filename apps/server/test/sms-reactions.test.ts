import { describe, expect, it } from 'vitest';
import { parseAmendment } from '../src/providers/sms/amendments';
import { classifyApprovalAnswer } from '../src/providers/sms/keywords';
import { parseReaction, quotes } from '../src/providers/sms/reactions';

/** How plain code reads an iPhone reaction and a "YES but …" (decisions 450-451). */
describe('an iPhone reaction as text', () => {
  const request = 'New event\n"Lunch", Thu 26 Nov, 12:00–13:00\nReply YES to confirm, NO to cancel.';

  it.each([
    ['Liked “x”', 'positive'],
    ['Loved "x"', 'positive'],
    ['Reacted 👍 to “x”', 'positive'],
    ['Reacted 👍🏿 to “x”', 'positive'],
    ['Reacted ❤️ to “x”', 'positive'],
    ['赞了“x”', 'positive'],
    ['喜欢“x”', 'positive'],
    ['用👍回应了“x”', 'positive'],
    ['Disliked “x”', 'negative'],
    ['Reacted 👎 to “x”', 'negative'],
    ['不喜欢“x”', 'negative'],
    ['Laughed at “x”', 'other'],
    ['Emphasized “x”', 'other'],
    ['Emphasised “x”', 'other'],
    ['Questioned “x”', 'other'],
    ['Reacted 😂 to “x”', 'other'],
    ['Removed a like from “x”', 'other'],
    ['笑了“x”', 'other'],
    ['强调了“x”', 'other'],
    ['质疑了“x”', 'other'],
  ])('reads %s as %s', (text, kind) => {
    expect(parseReaction(text)).toEqual({ kind, quoted: 'x', cut: false });
  });

  it('reads a reaction to a picture as no answer', () => {
    expect(parseReaction('Liked an image')).toEqual({ kind: 'other', quoted: '', cut: false });
  });

  it('is not a reaction when it is a request or a sentence that starts alike', () => {
    for (const text of [
      'liked it',
      'Liked the meeting “Lunch” a lot',
      'I liked “x”',
      '我喜欢这个',
      'yes',
      '赞',
    ])
      expect([text, parseReaction(text)]).toEqual([text, null]);
  });

  it('quotes a request whole (curly or straight quotes, any spacing) or by its start cut with "…"', () => {
    expect(quotes(parseReaction(`Liked “${request}”`)!, request)).toBe(true);
    expect(quotes(parseReaction(`Liked "${request.replace(/\n/g, ' ')}"`)!, request)).toBe(true);
    expect(quotes(parseReaction(`Liked “${request.slice(0, 30)}…”`)!, request)).toBe(true);
    expect(quotes(parseReaction(`Liked “${request.slice(0, 30)}...”`)!, request)).toBe(true);
    // A start too short to name one text, another text, or more than the text: not it.
    expect(quotes(parseReaction('Liked “New…”')!, request)).toBe(false);
    expect(quotes(parseReaction('Liked “Tomorrow: Project review 10:00”')!, request)).toBe(false);
    expect(quotes(parseReaction(`Liked “${request} Done.”`)!, request)).toBe(false);
    expect(quotes(parseReaction(`Liked “${request.slice(0, 40)}”`)!, request)).toBe(false);
  });
});

describe('"YES but …" as text', () => {
  it.each([
    ['YES but make it 1pm', null, 'make it 1pm'],
    ['yes, but at 3', null, 'at 3'],
    ['Yes but invite Mei too', null, 'invite Mei too'],
    ['YES 2 but make it 4pm', 2, 'make it 4pm'],
    ['yes #2, but at 8', 2, 'at 8'],
    ['是，但改到下午1点', null, '改到下午1点'],
    ['好的，不过改成3点', null, '改成3点'],
    ['是 2，但是改到周五', 2, '改到周五'],
  ])('reads %s as a change of request %s: %s', (text, number, change) => {
    expect(parseAmendment(text)).toEqual({ number, change });
    // Never a YES.
    expect(classifyApprovalAnswer(text)).toBeNull();
  });

  it('is not one without a change, nor a yes that is part of a request', () => {
    for (const text of ['yes but', 'YES but …', 'yes 2pm', 'but make it 1pm', 'yesterday but at 3', '是但'])
      expect([text, parseAmendment(text)]).toEqual([text, null]);
  });
});
