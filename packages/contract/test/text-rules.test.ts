import { describe, expect, it } from 'vitest';
import { ZMultiLineText, ZSingleLineText } from '../src/common';

const code = (c: number) => String.fromCharCode(c);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
/** C0, DEL and C1: every control character of Unicode's Cc category. */
const CONTROLS = [...range(0x00, 0x1f), 0x7f, ...range(0x80, 0x9f)];

describe('single-line text', () => {
  it.each(CONTROLS.map((c) => [c.toString(16).padStart(4, '0'), c]))('refuses U+%s', (_, c) => {
    expect(ZSingleLineText.safeParse(`a${code(c as number)}b`).success).toBe(false);
  });

  it('refuses the Unicode line and paragraph separators', () => {
    expect(ZSingleLineText.safeParse('a\u2028b').success).toBe(false);
    expect(ZSingleLineText.safeParse('a\u2029b').success).toBe(false);
  });

  it('checks before trimming, so a trailing line break is refused rather than dropped', () => {
    expect(ZSingleLineText.trim().safeParse('Hello\r\n').success).toBe(false);
    expect(ZSingleLineText.trim().parse('  Hello  ')).toBe('Hello');
  });

  it('accepts ordinary text in any script, with emoji and format characters', () => {
    for (const text of ['Billing question', 'Ünïcödé – “quotes”', '日历不同步', 'ok 👍🏽', 'a\u200Db', ''])
      expect(ZSingleLineText.safeParse(text).success, text).toBe(true);
  });
});

describe('multi-line text', () => {
  it('accepts LF, CR and TAB', () => {
    expect(ZMultiLineText.safeParse('one\r\ntwo\n\tthree\u2028four').success).toBe(true);
  });

  it.each(
    CONTROLS.filter((c) => ![0x09, 0x0a, 0x0d].includes(c)).map((c) => [c.toString(16).padStart(4, '0'), c]),
  )('refuses U+%s', (_, c) => {
    expect(ZMultiLineText.safeParse(`a${code(c as number)}b`).success).toBe(false);
  });
});
