import { describe, expect, it } from 'vitest';
import {
  classifyApprovalAnswer,
  classifyApprovalReply,
  classifyKeyword,
} from '../src/providers/sms/keywords';

describe('carrier keywords', () => {
  it("knows Twilio's default opt-out words and the Chinese carriers' 退订 / TD", () => {
    for (const word of ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT']) {
      expect(classifyKeyword(word), word).toBe('stop');
    }
    for (const word of ['退订', '退訂', 'TD', 'td']) expect(classifyKeyword(word), word).toBe('stop');
  });

  it('knows the opt-in and help words', () => {
    expect(classifyKeyword('START')).toBe('start');
    expect(classifyKeyword('UNSTOP')).toBe('start');
    expect(classifyKeyword('HELP')).toBe('help');
    expect(classifyKeyword('INFO')).toBe('help');
    expect(classifyKeyword('帮助')).toBe('help');
    expect(classifyKeyword('幫助')).toBe('help');
  });

  it('does not read YES as an opt-in: YES approves actions here', () => {
    expect(classifyKeyword('YES')).toBeNull();
    expect(classifyKeyword('yes')).toBeNull();
    expect(classifyApprovalReply('YES')).toBe('yes');
  });

  it('ignores case, surrounding whitespace, punctuation, emoji and full-width forms', () => {
    for (const body of [
      'stop',
      'Stop',
      ' STOP ',
      'STOP.',
      'stop!!',
      '"Stop"',
      '\tSTOP\n',
      'STOP 🛑',
      '¡STOP!',
      'ＳＴＯＰ',
      '退订。',
      '【退订】',
    ]) {
      expect(classifyKeyword(body), JSON.stringify(body)).toBe('stop');
    }
    expect(classifyKeyword('help?')).toBe('help');
    expect(classifyKeyword('帮助？')).toBe('help');
    expect(classifyKeyword('Start 👍🏽')).toBe('start');
  });

  it('counts only a message that is the word alone', () => {
    for (const body of [
      'stop the 3pm meeting',
      'please stop',
      'STOP STOP',
      'STO P',
      'S.T.O.P',
      'stopped',
      'help me find mail from Sam',
      'info about tomorrow',
      'end of day',
      '我要退订',
      'TDD',
      '',
      '   ',
      '!!!',
      '🛑',
    ]) {
      expect(classifyKeyword(body), JSON.stringify(body)).toBeNull();
    }
  });
});

describe('approval replies', () => {
  it('reads only YES, Y, 是, 好, 好的 and 确认 as yes', () => {
    for (const body of [
      'YES',
      'yes',
      'Yes',
      'y',
      'Y',
      '是',
      '好',
      '好的',
      '确认',
      ' yes! ',
      'YES.',
      '好的！',
      '是。',
      'Yes 👍',
      'ＹＥＳ',
    ]) {
      expect(classifyApprovalReply(body), JSON.stringify(body)).toBe('yes');
    }
  });

  it('reads only NO, N, 否, 不, 不要 and 取消 as no', () => {
    for (const body of ['NO', 'no', 'No.', 'n', 'N', '否', '不', '不要', '取消', '不要！', ' no ']) {
      expect(classifyApprovalReply(body), JSON.stringify(body)).toBe('no');
    }
  });

  it('reads anything else, however agreeable, as neither', () => {
    for (const body of [
      'OK',
      'ok',
      'sure',
      'yep',
      'yeah',
      'yes please',
      'yes but at 4pm',
      'YES YES',
      'no thanks',
      'not now',
      'nope',
      '行',
      '可以',
      '好吧',
      '是的',
      '不是',
      '👍',
      '',
      'CANCEL',
    ]) {
      expect(classifyApprovalReply(body), JSON.stringify(body)).toBeNull();
    }
  });

  it('leaves CANCEL to the opt-out words, which are checked first', () => {
    expect(classifyKeyword('cancel')).toBe('stop');
    expect(classifyApprovalReply('cancel')).toBeNull();
    expect(classifyKeyword('取消')).toBeNull();
    expect(classifyApprovalReply('取消')).toBe('no');
  });

  it('reads a yes or no with the number of the request it answers, and nothing looser', () => {
    const cases: [string, { reply: 'yes' | 'no'; number: number | null } | null][] = [
      ['YES', { reply: 'yes', number: null }],
      ['YES 2', { reply: 'yes', number: 2 }],
      ['yes #2', { reply: 'yes', number: 2 }],
      ['Yes 2!', { reply: 'yes', number: 2 }],
      ['NO2', { reply: 'no', number: 2 }],
      ['no 1', { reply: 'no', number: 1 }],
      ['是 2', { reply: 'yes', number: 2 }],
      ['好2', { reply: 'yes', number: 2 }],
      ['确认 3', { reply: 'yes', number: 3 }],
      ['不要 1', { reply: 'no', number: 1 }],
      // A Chinese keyboard's full-width letters, digits and space.
      ['ＹＥＳ\u3000２', { reply: 'yes', number: 2 }],
      ['yes 2pm', null],
      ['yes 0', null],
      ['yes 100', null],
      ['2 yes', null],
      ['ok 2', null],
      ['yes yes 2', null],
      ['stop 2', null],
    ];
    for (const [body, expected] of cases)
      expect(classifyApprovalAnswer(body), JSON.stringify(body)).toEqual(expected);
  });
});
