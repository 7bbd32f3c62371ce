import { describe, expect, it } from 'vitest';
import {
  fitBefore,
  fitReply,
  GSM7_BASIC,
  GSM7_EXTENSION,
  isGsm7,
  plainForSms,
  segmentsOf,
} from '../src/providers/sms/segments';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const MORE_EN = 'The rest is in the app: https://relay.example/assistant';
const MORE_ZH = '其余内容请在应用中查看：https://relay.example/assistant';

describe('GSM-7', () => {
  it('has the 127 characters of the basic set and 10 of the extension table', () => {
    expect(new Set(GSM7_BASIC).size).toBe(127);
    expect([...GSM7_EXTENSION].sort()).toEqual(['\f', '[', '\\', ']', '^', '{', '|', '}', '~', '€'].sort());
    expect(isGsm7(GSM7_BASIC + GSM7_EXTENSION)).toBe(true);
  });

  it('leaves out what only looks plain', () => {
    for (const text of ['It’s', '“hi”', 'a`b', 'ç', 'ê', '…', '—', '你', '🙂', '\t']) {
      expect(isGsm7(text), text).toBe(false);
    }
  });
});

describe('segmentsOf', () => {
  it('counts GSM-7 texts at the segment boundaries: 160 alone, 153 a part', () => {
    const at = (n: number) => segmentsOf('a'.repeat(n));
    expect(at(0)).toEqual({ encoding: 'gsm7', segments: 0, units: 0 });
    expect(at(1)).toEqual({ encoding: 'gsm7', segments: 1, units: 1 });
    expect(at(160)).toEqual({ encoding: 'gsm7', segments: 1, units: 160 });
    expect(at(161)).toEqual({ encoding: 'gsm7', segments: 2, units: 161 });
    expect(at(306).segments).toBe(2);
    expect(at(307).segments).toBe(3);
    expect(at(459).segments).toBe(3);
    expect(at(460).segments).toBe(4);
  });

  it('counts UCS-2 texts at the segment boundaries: 70 alone, 67 a part', () => {
    const at = (n: number) => segmentsOf('你'.repeat(n));
    expect(at(70)).toEqual({ encoding: 'ucs2', segments: 1, units: 70 });
    expect(at(71)).toEqual({ encoding: 'ucs2', segments: 2, units: 71 });
    expect(at(134).segments).toBe(2);
    expect(at(135).segments).toBe(3);
    expect(at(201).segments).toBe(3);
    expect(at(202).segments).toBe(4);
  });

  it('turns the whole text into UCS-2 for one character outside GSM-7', () => {
    expect(segmentsOf(`${'a'.repeat(69)}é`)).toEqual({ encoding: 'gsm7', segments: 1, units: 70 });
    expect(segmentsOf(`${'a'.repeat(70)}ê`)).toEqual({ encoding: 'ucs2', segments: 2, units: 71 });
    expect(segmentsOf(`${'a'.repeat(159)}’`)).toEqual({ encoding: 'ucs2', segments: 3, units: 160 });
  });

  it('counts an extension character as two septets and never splits one', () => {
    expect(segmentsOf('€'.repeat(80))).toEqual({ encoding: 'gsm7', segments: 1, units: 160 });
    expect(segmentsOf(`${'€'.repeat(80)}a`)).toEqual({ encoding: 'gsm7', segments: 2, units: 161 });
    // 306 septets divide into two parts of 153, but the € cannot straddle them.
    expect(segmentsOf(`${'a'.repeat(152)}€${'a'.repeat(152)}`)).toEqual({
      encoding: 'gsm7',
      segments: 3,
      units: 306,
    });
    expect(segmentsOf(`${'a'.repeat(151)}€${'a'.repeat(153)}`)).toEqual({
      encoding: 'gsm7',
      segments: 2,
      units: 306,
    });
  });

  it('counts an emoji as two UTF-16 units and never splits one', () => {
    expect(segmentsOf('😀'.repeat(35))).toEqual({ encoding: 'ucs2', segments: 1, units: 70 });
    expect(segmentsOf('😀'.repeat(36))).toEqual({ encoding: 'ucs2', segments: 2, units: 72 });
    // 134 units divide into two parts of 67, but the emoji cannot straddle them.
    expect(segmentsOf(`${'你'.repeat(66)}😀${'你'.repeat(66)}`)).toEqual({
      encoding: 'ucs2',
      segments: 3,
      units: 134,
    });
    expect(segmentsOf(`${'你'.repeat(65)}😀${'你'.repeat(67)}`)).toEqual({
      encoding: 'ucs2',
      segments: 2,
      units: 134,
    });
  });
});

/** Sentences of a known length, numbered so each cut is easy to read. */
const englishSentences = (count: number) =>
  Array.from({ length: count }, (_, i) => `Sentence ${String(i).padStart(2, '0')} says something.`);
const chineseSentences = (count: number) =>
  Array.from({ length: count }, (_, i) => `第${String(i).padStart(2, '0')}句话说了一件事。`);

describe('fitReply', () => {
  it('leaves a text that fits alone, up to the last unit of the last segment', () => {
    for (const text of ['a'.repeat(459), '你'.repeat(201), `${'€'.repeat(76)}a`.repeat(3), '😀'.repeat(99)]) {
      expect(fitReply(text, { more: MORE_EN })).toEqual({ text, cut: false });
    }
    expect(fitReply('a'.repeat(160), { maxSegments: 1, more: 'x' })).toEqual({
      text: 'a'.repeat(160),
      cut: false,
    });
  });

  it('cuts a text one unit over', () => {
    for (const text of ['a'.repeat(460), '你'.repeat(202), 'a'.repeat(161)]) {
      const max = text.length === 161 ? 1 : 3;
      const fitted = fitReply(text, { maxSegments: max, more: 'More.' });
      expect(fitted.cut).toBe(true);
      expect(segmentsOf(fitted.text).segments).toBeLessThanOrEqual(max);
      expect(fitted.text.endsWith(' More.')).toBe(true);
    }
  });

  it('fills the segments exactly when it has to cut anywhere', () => {
    expect(fitReply('x'.repeat(1000), { more: 'm' })).toEqual({ text: `${'x'.repeat(457)} m`, cut: true });
    expect(fitReply('你'.repeat(1000), { more: '多' })).toEqual({
      text: `${'你'.repeat(199)} 多`,
      cut: true,
    });
  });

  it('cuts English at the last sentence that leaves room for the pointer to the rest', () => {
    const sentences = englishSentences(30);
    const text = sentences.join(' ');
    const fitted = fitReply(text, { more: MORE_EN });
    expect(fitted.cut).toBe(true);
    const head = fitted.text.slice(0, -(MORE_EN.length + 1));
    expect(fitted.text).toBe(`${head} ${MORE_EN}`);
    const kept = sentences.findIndex((_, i) => sentences.slice(0, i + 1).join(' ') === head);
    expect(kept).toBeGreaterThan(0);
    expect(segmentsOf(fitted.text)).toMatchObject({ encoding: 'gsm7' });
    expect(segmentsOf(fitted.text).segments).toBeLessThanOrEqual(3);
    // One sentence more would not have fitted.
    expect(segmentsOf(`${sentences.slice(0, kept + 2).join(' ')} ${MORE_EN}`).segments).toBe(4);
  });

  it('cuts Chinese at the last 。 that leaves room, in UCS-2', () => {
    const sentences = chineseSentences(40);
    const text = sentences.join('');
    const fitted = fitReply(text, { more: MORE_ZH });
    const head = fitted.text.slice(0, -(MORE_ZH.length + 1));
    const kept = sentences.findIndex((_, i) => sentences.slice(0, i + 1).join('') === head);
    expect(kept).toBeGreaterThan(0);
    expect(segmentsOf(fitted.text)).toMatchObject({ encoding: 'ucs2' });
    expect(segmentsOf(fitted.text).segments).toBeLessThanOrEqual(3);
    expect(segmentsOf(`${sentences.slice(0, kept + 2).join('')} ${MORE_ZH}`).segments).toBe(4);
  });

  it('ends on ! ? ！ ？ too, keeps a closing quote, and cuts before a line break', () => {
    const filler = 'word '.repeat(60);
    expect(fitReply(`${filler}Really?${' again'.repeat(60)}`, { more: 'M' }).text).toBe(`${filler}Really? M`);
    expect(fitReply(`${filler}He said "stop here." ${'and '.repeat(60)}`, { more: 'M' }).text).toBe(
      `${filler}He said "stop here." M`,
    );
    expect(fitReply(`${filler}first line\n${'next '.repeat(60)}`, { more: 'M' }).text).toBe(
      `${filler}first line M`,
    );
    const zh = '好'.repeat(120);
    expect(fitReply(`${zh}真的！${'再'.repeat(100)}`, { more: '更多' }).text).toBe(`${zh}真的！ 更多`);
    expect(fitReply(`${zh}是吗？${'再'.repeat(100)}`, { more: '更多' }).text).toBe(`${zh}是吗？ 更多`);
  });

  it('does not take a decimal point or a domain for the end of a sentence', () => {
    const text = `${'x '.repeat(150)}Done. ${'v3.5 relay.example '.repeat(30)}`;
    expect(fitReply(text, { more: 'More.' }).text).toBe(`${'x '.repeat(150)}Done. More.`);
  });

  it('falls back to a word when the last sentence end would waste most of the room', () => {
    const text = `Short. ${'word '.repeat(200)}`;
    const fitted = fitReply(text, { more: MORE_EN });
    const head = fitted.text.slice(0, -(MORE_EN.length + 1));
    expect(text.startsWith(head)).toBe(true);
    expect(head.endsWith('word')).toBe(true);
    expect(head.length).toBeGreaterThan(350);
    expect(segmentsOf(fitted.text).segments).toBe(3);
  });

  it('falls back to a Chinese word boundary when there is no punctuation', () => {
    const text = '明天下午三点和张伟在公司楼下的咖啡馆吃午饭然后一起去开会'.repeat(10);
    const fitted = fitReply(text, { more: '更多' });
    const head = fitted.text.slice(0, -3);
    expect(fitted.text.endsWith(' 更多')).toBe(true);
    expect(text.startsWith(head)).toBe(true);
    const words = new Intl.Segmenter('und', { granularity: 'word' });
    const starts = [...words.segment(text)].map((s) => s.index);
    expect(starts).toContain(head.length);
    expect(segmentsOf(fitted.text).segments).toBe(3);
    expect(head.length).toBeGreaterThan(190);
  });

  it('never splits an emoji, even in a hard cut', () => {
    for (const text of [
      '😀'.repeat(200),
      `a${'😀'.repeat(200)}`,
      `${'👨‍👩‍👧'.repeat(60)}`,
      `${'🇦🇺'.repeat(80)}`,
    ]) {
      const fitted = fitReply(text, { more: 'm' });
      expect(fitted.cut).toBe(true);
      expect(fitted.text).not.toMatch(LONE_SURROGATE);
      expect(text.startsWith(fitted.text.slice(0, -2))).toBe(true);
      expect(segmentsOf(fitted.text).segments).toBeLessThanOrEqual(3);
    }
    // Parts of 67 units: "a" + 33 emoji, 33 emoji (66: a 34th would straddle), 32 emoji + " m".
    // 99 emoji would be 201 units in all, which fits only if an emoji could be split.
    expect(fitReply(`a${'😀'.repeat(200)}`, { more: 'm' }).text).toBe(`a${'😀'.repeat(98)} m`);
    // A family stays whole or goes whole.
    const family = fitReply('👨‍👩‍👧'.repeat(60), { more: 'm' }).text.slice(0, -2);
    expect(family.length % '👨‍👩‍👧'.length).toBe(0);
  });

  it('measures the final text: a Chinese pointer turns an English reply into UCS-2', () => {
    const sentences = englishSentences(20);
    const fitted = fitReply(sentences.join(' '), { more: MORE_ZH });
    expect(segmentsOf(fitted.text).encoding).toBe('ucs2');
    expect(segmentsOf(fitted.text).segments).toBeLessThanOrEqual(3);
    expect(fitted.text.length).toBeLessThanOrEqual(201);
    expect(fitted.text).toMatch(/says something\. 其余内容/);
  });

  it('drops a pointer that could not fit on its own, and refuses a silly maximum', () => {
    const fitted = fitReply('word '.repeat(200), { maxSegments: 1, more: 'z'.repeat(200) });
    expect(fitted.cut).toBe(true);
    expect(fitted.text).toBe(`${'word '.repeat(31)}word`);
    expect(() => fitReply('x', { maxSegments: 0, more: '' })).toThrow(RangeError);
  });
});

describe('plainForSms: typography that would make a text UCS-2', () => {
  it('takes the GSM-7 look-alikes of curly quotes, dashes, an ellipsis and odd spaces', () => {
    const typeset =
      'Create \u201CLunch with Sam\u201D on Sat 28 Nov, 12:00\u201313:00 \u2014 it\u2019s booked\u2026\u00A0ok';
    expect(segmentsOf(typeset).encoding).toBe('ucs2');
    const plain = plainForSms(typeset);
    expect(plain).toBe('Create "Lunch with Sam" on Sat 28 Nov, 12:00-13:00 - it\'s booked... ok');
    expect(segmentsOf(plain).encoding).toBe('gsm7');
  });

  it('leaves a text alone when something else keeps it UCS-2: Chinese keeps its own quotes, an emoji stays', () => {
    for (const text of ['添加\u201C午餐\u201D，11月28日 12:00\u201313:00', 'On it \u2014 \u{1F44D}']) {
      expect(plainForSms(text)).toBe(text);
    }
  });

  it('lets an English answer with a dash fill 153 characters a part, not 67', () => {
    const sentence = 'Lunch 12:00\u201313:00 with Sam at the usual place, then the review at 14:00. ';
    const answer = sentence.repeat(5).trim();
    expect(segmentsOf(answer)).toMatchObject({ encoding: 'ucs2', segments: 6 });
    const fitted = fitReply(answer, { more: MORE_EN });
    expect(fitted).toEqual({ text: plainForSms(answer), cut: false });
    expect(segmentsOf(fitted.text)).toMatchObject({ encoding: 'gsm7', segments: 3 });
    const asked = fitBefore(
      'It\u2019s free.',
      'Create \u201CLunch\u201D, 12:00\u201313:00. Reply YES to confirm.',
      {
        separator: '\n\n',
      },
    );
    expect(asked).toEqual({
      text: 'It\'s free.\n\nCreate "Lunch", 12:00-13:00. Reply YES to confirm.',
      cut: false,
    });
  });
});

describe('fitBefore: a note before a text that must arrive whole', () => {
  const request = 'Add "Lunch", Sat 28 Nov, 12:00-13:00\nReply YES to confirm, NO to cancel.';
  const options = { maxSegments: 3, separator: '\n\n' };

  it('keeps both when they fit, and the request alone when there is no note', () => {
    expect(fitBefore('Sam is not in your contacts.', request, options)).toEqual({
      text: `Sam is not in your contacts.\n\n${request}`,
      cut: false,
    });
    expect(fitBefore('  ', request, options)).toEqual({ text: request, cut: false });
  });

  it('cuts the note at a sentence to the room the request leaves, never the request', () => {
    const note = Array.from({ length: 30 }, (_, i) => `Sentence ${i} here.`).join(' ');
    const { text: fitted, cut } = fitBefore(note, request, options);
    expect(cut).toBe(true);
    expect(fitted.endsWith(`.\n\n${request}`)).toBe(true);
    expect(fitted.startsWith('Sentence 0 here.')).toBe(true);
    expect(segmentsOf(fitted).segments).toBe(3);
    // Chinese turns the whole text UCS-2: less room, the same rule.
    const { text: zh } = fitBefore('通讯录里没有找到钱多多。'.repeat(20), request, options);
    expect(zh.endsWith(`。\n\n${request}`)).toBe(true);
    expect(segmentsOf(zh).segments).toBeLessThanOrEqual(3);
  });

  it('gives the request alone when it has no room beside it, for fitReply to shorten', () => {
    const long = `${'x'.repeat(500)}\nReply YES to confirm, NO to cancel.`;
    expect(fitBefore('A note.', long, options)).toEqual({ text: long, cut: true });
  });
});
