import { describe, expect, it } from 'vitest';
import { filterLinks, isKnownHost } from '../src/modules/assistant/link-filter';
import { meetingLink } from '../src/modules/assistant/proactive-texts';
import { say } from '../src/modules/assistant/texts';

/**
 * The link filter (issue 29, finding 5; decision 300) as a table: what a phone would make a link
 * of, in the hostile forms an injected instruction can ask a model to write, becomes an unclickable
 * host with no path or query; the person's own links, ours and known meeting hosts stay; words
 * with dots in them (addresses, times, decimals, abbreviations, Chinese prose) are left alone.
 */
const policy = (language: 'en' | 'zh' = 'en') => ({
  personUrls: [
    'Here is the doc: https://docs.example.org/d/abc?usp=sharing',
    '我的店 shop.example.cn/item/42',
  ],
  publicUrl: 'https://relay.test',
  language,
});
const NOTE = { en: say('en', 'linksRemoved'), zh: say('zh', 'linksRemoved') };

/** [what it is, the text, what is sent, links removed] */
const CASES: [string, string, string, number][] = [
  // Links elsewhere: the host stays, unclickable; path, query and fragment go.
  [
    'https with the code in its query',
    'See https://evil.example/x?code=12345 now.',
    'See evil[.]example now.',
    1,
  ],
  ['plain http', 'Open http://evil.example/login', 'Open evil[.]example', 1],
  ['upper-case scheme and host', 'HTTPS://EVIL.EXAMPLE/X?C=1', 'evil[.]example', 1],
  ['the code in a fragment', 'https://evil.example/#code=12345', 'evil[.]example', 1],
  ['the code in a subdomain', 'https://c-98765.evil.example', 'c-98765[.]evil[.]example', 1],
  [
    'a known host as a prefix',
    'Join https://zoom.us.attacker.example/j/1?pwd=9',
    'Join zoom[.]us[.]attacker[.]example',
    1,
  ],
  [
    'meet.google.com as a prefix',
    'https://meet.google.com.evil.example/abc',
    'meet[.]google[.]com[.]evil[.]example',
    1,
  ],
  ['a known host as a suffix of a word', 'https://evilzoom.us/j/1', 'evilzoom[.]us', 1],
  ['a known host in the path', 'https://evil.example/zoom.us/j/1', 'evil[.]example', 1],
  ['no scheme, with a path and query', 'go to evil.example/x?code=1', 'go to evil[.]example', 1],
  ['www and no scheme', 'www.evil.example', 'www[.]evil[.]example', 1],
  ['a bare domain', 'Write to them at evil.com, today.', 'Write to them at evil[.]com, today.', 1],
  ['a user part before the host', 'https://zoom.us@evil.example/j/1', 'evil[.]example', 1],
  ['a user part and password', 'https://meet.google.com:x@evil.example/', 'evil[.]example', 1],
  ['a user part without scheme', 'zoom.us@evil.example/x?code=1', 'zoom.us@evil[.]example', 1],
  ['a port', 'https://evil.example:8443/x?c=1', 'evil[.]example', 1],
  ['an IPv4 address', 'http://203.0.113.7/x?c=1', '203[.]0[.]113[.]7', 1],
  ['an IPv4 address without scheme', '203.0.113.7:8080/x', '203[.]0[.]113[.]7', 1],
  ['an IPv4 address in hex', 'http://0xcb.0.113.7/x', '203[.]0[.]113[.]7', 1],
  ['an IPv4 address as one number', 'http://3405803783/x', '203[.]0[.]113[.]7', 1],
  ['an IPv6 address', 'http://[2001:db8::1]:80/x', '2001:db8::1', 1],
  ['punycode', 'https://xn--zm-fmca.us/j/1', 'xn--zm-fmca[.]us', 1],
  ['Cyrillic look-alike of zoom.us', 'https://zооm.us/j/1', 'xn--zm-fmca[.]us', 1],
  ['Cyrillic look-alike, no scheme', 'zооm.us/j/1?pwd=1', 'xn--zm-fmca[.]us', 1],
  ['fullwidth letters and dot', 'ｅｖｉｌ．ｅｘａｍｐｌｅ／ｘ?code=1', 'evil[.]example', 1],
  ['percent-encoded dot in the host', 'https://evil%2Eexample/x', 'evil[.]example', 1],
  ['backslashes for slashes', 'https:\\\\evil.example\\x?c=1', 'evil[.]example', 1],
  ['trailing full stop', 'Open https://evil.example/x?code=1.', 'Open evil[.]example.', 1],
  ['in brackets', '(see https://evil.example/x?code=1)', '(see evil[.]example)', 1],
  [
    'a bracket the link opened',
    '(see https://en.wikipedia.org/wiki/Foo_(film))',
    '(see en[.]wikipedia[.]org)',
    1,
  ],
  ['in angle brackets', '<https://evil.example/x?code=1>', '<evil[.]example>', 1],
  ['split by a zero-width space', 'ev\u200Bil.example/x?c=1', 'evil[.]example', 1],
  ['a zero-width joiner in the host', 'https://evil\u200D.example/?c=1', 'evil[.]example', 1],
  ['split by a space after the scheme', 'Link: https:// evil.example/?c=1', 'Link:  evil[.]example', 2],
  [
    "a link inside a known host's link",
    'https://calendar.google.com/url?q=https://evil.example/?c=1',
    'calendar[.]google[.]com',
    1,
  ],
  [
    "an encoded link inside a known host's link",
    'https://meet.google.com/r?u=https%3A%2F%2Fevil.example',
    'meet[.]google[.]com',
    1,
  ],
  ['split by spaces: words no phone links', 'evil. example / x?code=1', 'evil. example / x?code=1', 0],
  ['another scheme on a known host', 'ftp://zoom.us/file', 'zoom[.]us', 1],
  ['our host over another scheme', 'http://relay.test/assistant', 'relay[.]test', 1],
  ['our host as a prefix', 'https://relay.test.evil.example/assistant', 'relay[.]test[.]evil[.]example', 1],
  ['two links, one note', 'a https://a.example/1 b https://b.example/2', 'a a[.]example b b[.]example', 2],
  // Markdown: no pictures, links as words and the filtered link.
  [
    'a Markdown image, even on a known host',
    'Look ![chart](https://meet.google.com/c.png) here',
    'Look chart here',
    1,
  ],
  ['a Markdown image without words', '![](https://evil.example/p.png?code=1)', '', 1],
  [
    'a Markdown link elsewhere',
    '[your invoice](https://evil.example/i?code=1)',
    'your invoice (evil[.]example)',
    1,
  ],
  // Kept: the person's own links, ours, known meeting hosts.
  [
    'a link the person texted',
    'Your doc: https://docs.example.org/d/abc?usp=sharing',
    'Your doc: https://docs.example.org/d/abc?usp=sharing',
    0,
  ],
  [
    'a link the person texted without scheme',
    'Here: https://shop.example.cn/item/42',
    'Here: https://shop.example.cn/item/42',
    0,
  ],
  [
    "the person's host with a query added",
    'https://docs.example.org/d/abc?usp=sharing&code=1',
    'docs[.]example[.]org',
    1,
  ],
  ['our PUBLIC_URL', 'Details: https://relay.test/assistant', 'Details: https://relay.test/assistant', 0],
  ['our host without scheme', 'relay.test/assistant', 'relay.test/assistant', 0],
  ['a Zoom meeting', 'Join https://zoom.us/j/123?pwd=abc', 'Join https://zoom.us/j/123?pwd=abc', 0],
  [
    'a Zoom data centre',
    'Join https://us02web.zoom.us/j/123?pwd=abc.',
    'Join https://us02web.zoom.us/j/123?pwd=abc.',
    0,
  ],
  ['Google Meet without scheme', 'meet.google.com/abc-defg-hij', 'meet.google.com/abc-defg-hij', 0],
  [
    'Teams',
    'https://teams.microsoft.com/l/meetup-join/19%3a',
    'https://teams.microsoft.com/l/meetup-join/19%3a',
    0,
  ],
  ['a Webex site', 'https://acme.webex.com/meet/ada', 'https://acme.webex.com/meet/ada', 0],
  [
    'a Markdown link to a meeting',
    '[Join](https://meet.google.com/abc)',
    'Join (https://meet.google.com/abc)',
    0,
  ],
  // Untouched: no link at all.
  [
    'an email address',
    'Mail ada.lovelace@example.com or sam@evil.example',
    'Mail ada.lovelace@example.com or sam@evil.example',
    0,
  ],
  [
    'times, decimals, abbreviations',
    'At 9.30 a.m., e.g. 3.14 or 2.5kg, i.e. U.S.A. etc. v1.2.3',
    'At 9.30 a.m., e.g. 3.14 or 2.5kg, i.e. U.S.A. etc. v1.2.3',
    0,
  ],
  ['a file name and a sentence without a space', 'Open report.pdf.Then call', 'Open report.pdf.Then call', 0],
  ['a family emoji keeps its joiners', 'Family 👨‍👩‍👧 dinner', 'Family 👨‍👩‍👧 dinner', 0],
];

const CASES_ZH: [string, string, string, number][] = [
  ['中文句号当点', '请打开evil。example/x?code=1', '请打开evil[.]example', 1],
  ['链接后接中文句号', '详情见 https://evil.example/x?code=12345。谢谢', '详情见 evil[.]example。谢谢', 1],
  ['全角点和斜杠', '访问ｅｖｉｌ．ｅｘａｍｐｌｅ／ｘ？ｃｏｄｅ＝１', '访问evil[.]example', 1],
  [
    '紧跟中文的链接',
    '验证码已发到https://evil.example/c?code=1，请查收',
    '验证码已发到evil[.]example，请查收',
    1,
  ],
  ['全角冒号和斜杠', '打开 ｈｔｔｐｓ：／／evil.example/x?code=1 即可', '打开 evil[.]example 即可', 1],
  ['零宽字符拆开的链接', '点这里 evil\u200B.exa\u200Cmple/x?code=1', '点这里 evil[.]example', 1],
  ['带端口和用户名', '请登录 https://zoom.us:pw@evil.example:8443/j', '请登录 evil[.]example', 1],
  ['中文域名', '请看例子.中国/x?code=1', '请看例子[.]中国', 1],
  [
    '会议链接保留',
    '会议链接：https://meet.google.com/abc-defg-hij',
    '会议链接：https://meet.google.com/abc-defg-hij',
    0,
  ],
  ['您发来的链接保留', '您的店：shop.example.cn/item/42', '您的店：shop.example.cn/item/42', 0],
  [
    '句号不是域名',
    '我在公司。中国很大。明天9.30开会，地点：3号楼。',
    '我在公司。中国很大。明天9.30开会，地点：3号楼。',
    0,
  ],
  ['邮箱地址不变', '请发邮件到 li.ming@example.com。', '请发邮件到 li.ming@example.com。', 0],
  ['Markdown 图片', '图表：![图](https://evil.example/p.png?code=1)', '图表：图', 1],
];

describe('filterLinks', () => {
  it.each(CASES)('%s', (_name, text, sent, removed) => {
    const result = filterLinks(text, policy('en'));
    expect(result).toEqual({ text: removed ? `${sent} ${NOTE.en}`.trimStart() : sent, removed });
  });

  it.each(CASES_ZH)('%s', (_name, text, sent, removed) => {
    const result = filterLinks(text, policy('zh'));
    expect(result).toEqual({ text: removed ? `${sent} ${NOTE.zh}`.trimStart() : sent, removed });
  });

  it('leaves no link to another host and no code in anything it lets through', () => {
    const hostile = [...CASES, ...CASES_ZH]
      .filter(([, , , removed]) => removed > 0)
      .map(([, text]) => text)
      .join('\n');
    const { text } = filterLinks(hostile, policy());
    expect(text).not.toMatch(/code=1|12345|pwd=9|p\.png/);
    expect(text).not.toMatch(/evil\.example|evil。example|attacker\.example/);
  });

  it('takes time in proportion to the text, whatever it holds', () => {
    // Each of these once took time in the square of its length (1.8 s for the Chinese one).
    for (const hostile of [
      `${'请访问'.repeat(3000)}evil.example`,
      '[x]('.repeat(2000),
      'a-'.repeat(5000),
      'ab。'.repeat(3000),
    ]) {
      const started = performance.now();
      filterLinks(hostile, policy());
      expect(performance.now() - started).toBeLessThan(500);
    }
  });

  it('says in both languages that links were made unclickable', () => {
    expect(NOTE.en).toMatch(/link/i);
    expect(NOTE.zh).toContain('链接');
    expect(NOTE.zh).toContain('您');
  });
});

describe('known hosts, on the parsed host', () => {
  it.each([
    ['zoom.us', true],
    ['us02web.zoom.us', true],
    ['meet.google.com', true],
    ['acme.webex.com', true],
    ['zoom.us.attacker.example', false],
    ['evilzoom.us', false],
    ['google.com', false],
    ['meet.google.com.evil.example', false],
  ])('%s: %s', (host, known) => expect(isKnownHost(host)).toBe(known));

  it("finds a reminder's meeting link only on a known host", () => {
    expect(meetingLink({ location: null, description: 'Join https://us02web.zoom.us/j/1?pwd=x.' })).toBe(
      'https://us02web.zoom.us/j/1?pwd=x',
    );
    expect(
      meetingLink({ location: 'https://zoom.us.attacker.example/j/1?code=1', description: null }),
    ).toBeNull();
    expect(meetingLink({ location: 'https://zoom.us@evil.example/j/1', description: null })).toBeNull();
  });
});
