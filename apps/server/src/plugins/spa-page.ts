import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { longDate } from '@app/contract/long-date';
import type { TLanguage } from '@app/contract/messages';
import { formatE164 } from '@app/contract/phone';
import {
  EVERY_PAGE,
  LANGUAGE_COOKIE,
  type PrerenderedPage,
  type RoutePreloads,
} from '@app/contract/web-build';
import { gateElement } from './page-gates';

/** What this server writes into the screens drawn ahead. */
export interface ScreenSettings {
  productName: string;
  supportEmail: string;
  /** E.164 (config.ts: always set, +15550100000 by default). */
  chatSmsNumber: string;
}

interface Copies {
  plain: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/**
 * The SPA's page as each path gets it: index.html with the public settings written in as data
 * and, for a path whose screen is known, that screen's files named for preloading. Each variant
 * is built and compressed on its first request and kept (a few KB each, a dozen paths).
 */
export function spaPages(
  template: string,
  embed: Record<string, unknown>,
  preloads: RoutePreloads,
  /** The screens drawn at build time to serve, and what this server writes into them. */
  drawn?: { screens: PrerenderedPage[]; settings: ScreenSettings },
) {
  const base = template.replace('</head>', `${dataBlocks(embed)}</head>`);
  const screens = new Map(drawn?.screens.map((screen) => [`${screen.path} ${screen.language}`, screen]));
  const drawnPaths = new Set(drawn?.screens.map((screen) => screen.path));
  const cache = new Map<string, Copies>();
  let cachedDay = '';
  const copiesFor = (path: string, language: TLanguage): Copies => {
    const now = new Date();
    // Pages are built again on a new day: the screens print today's date (the server's day, in
    // UTC; where the visitor's differs, the app's first render prints theirs).
    const day = now.toISOString().slice(0, 10);
    if (day !== cachedDay) {
      cache.clear();
      cachedDay = day;
    }
    const route = path !== EVERY_PAGE && Object.hasOwn(preloads, path) ? path : '';
    const candidate = screens.get(`${path} ${language}`);
    const screen = candidate?.year === now.getUTCFullYear() ? candidate : undefined;
    const key = screen ? `${path} ${language}` : route;
    let copies = cache.get(key);
    if (!copies) {
      // `*`: the app's code, which every page's entry starts once the page is drawn
      // (apps/web/src/main.tsx); then the screen's own files.
      const screenFiles = route ? preloads[route] : undefined;
      const signedIn = screenFiles?.signedIn === true;
      // A signed-in screen drawn ahead is painted only for someone with a session (its gate sends
      // anyone else away first), so its files are the page's own like any other screen's.
      const files = [preloads[EVERY_PAGE], signedIn && !screen ? undefined : screenFiles];
      // A page that arrives with its screen drawn needs only itself and its stylesheet to be seen,
      // so its code is asked for once it has been painted (main.tsx reads the list): the
      // stylesheet has the connection to itself, and the code follows one round trip later.
      // A signed-in screen that is not drawn names its files as data too: the entry asks for
      // them at once, but only where a session is stored.
      // A signed-in shell is drawn with its screen's classes (CSS modules: the cards, the
      // danger zone), so their stylesheets are the page's own, applied before its first paint;
      // the app's code then finds them in the page and does not add them again (a second copy
      // would make the browser restyle the whole page after the paint).
      const head = screen
        ? `${dataBlocks({ 'app-preloads': preloadUrls(files) })}${signedIn ? stylesheetLinks(files) : styleLinks(files)}`
        : `${scriptLinks(files)}${styleLinks(files)}${
            signedIn ? dataBlocks({ 'app-preloads-signed-in': preloadUrls([screenFiles]) }) : ''
          }`;
      // Who belongs on the page is decided before anything of it is painted: a signed-in route
      // sends a visitor without a session to /login, the drawn sign-in screen sends one with a
      // session on to the app (the routes' guards decide the same once the app runs).
      // (Keyed as the cache is: a page without a screen is cached by its route.)
      const gate = signedIn ? 'signedIn' : (screen ? path : route) === LOGIN_PATH ? 'signedOut' : null;
      const page = withGate(base.replace('</head>', `${head}</head>`), gate);
      copies = { plain: Buffer.from(screen && drawn ? withScreen(page, screen, drawn.settings, now) : page) };
      cache.set(key, copies);
    }
    return copies;
  };
  /** Whether the page of a path depends on the request's language (for `Vary`). */
  const byLanguage = (path: string) => drawnPaths.has(path);
  /** The page for a path, in the request's language where it has a screen drawn ahead, compressed as the request accepts. */
  const pageFor = (
    path: string,
    request: { acceptEncoding: string; acceptLanguage: string; cookie: string },
  ): { body: Buffer; encoding: 'br' | 'gzip' | null } => {
    const { acceptEncoding } = request;
    const copies = copiesFor(path, byLanguage(path) ? pageLanguage(request) : 'en');
    const encoding = /\bbr\b/.test(acceptEncoding) ? 'br' : /\bgzip\b/.test(acceptEncoding) ? 'gzip' : null;
    if (encoding === 'br')
      copies.br ??= brotliCompressSync(copies.plain, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
    if (encoding === 'gzip') copies.gzip ??= gzipSync(copies.plain, { level: 9 });
    return encoding ? { body: copies[encoding] as Buffer, encoding } : { body: copies.plain, encoding: null };
  };
  return { pageFor, byLanguage };
}

/** The sign-in route (apps/web/src/config/paths.ts): the one public page with a gate. */
const LOGIN_PATH = '/login';

/**
 * The gate as the head's first script, right after the character set: it runs before the
 * stylesheet is waited for, so nothing of a page its visitor leaves is ever painted.
 */
function withGate(page: string, gate: 'signedIn' | 'signedOut' | null): string {
  if (!gate) return page;
  const script = gateElement(gate);
  const charset = /<meta charset="[^"]*"\s*\/?>/i.exec(page);
  if (charset) {
    const end = charset.index + charset[0].length;
    return `${page.slice(0, end)}${script}${page.slice(end)}`;
  }
  return page.replace('<head>', () => `<head>${script}`);
}

/**
 * The language the web app will pick (apps/web/src/lib/i18n.ts), as far as a request shows it:
 * the language switch's choice (kept in a cookie as well as in the browser's storage), then the
 * browser's languages in order of preference; English when none is Chinese or English. Where the
 * app decides otherwise, its first render replaces the screen drawn ahead: nothing is lost.
 */
const CHOSEN_LANGUAGE = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=(en|zh)(?:;|$)`);

export function pageLanguage({
  acceptLanguage,
  cookie,
}: {
  acceptLanguage: string;
  cookie: string;
}): TLanguage {
  const chosen = CHOSEN_LANGUAGE.exec(cookie)?.[1];
  if (chosen) return chosen as TLanguage;
  const ranked = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = Number(
        params
          .find((p) => p.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? 1,
      );
      return { tag: tag.toLowerCase(), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    if (tag.startsWith('zh')) return 'zh';
    if (tag.startsWith('en')) return 'en';
  }
  return 'en';
}

/**
 * The screen's markup in place of the loading mark, and the page's language. Until the app's
 * first render replaces it, the screen's fields take typing, which the app's fields then take
 * over, and everything that needs code is `inert` (drawn at build time so: apps/web/src/lib/
 * drawn-screen.ts, decision 330): no keystroke or tap is lost. `data-drawn` marks the copy.
 */
function withScreen(page: string, screen: PrerenderedPage, settings: ScreenSettings, now: Date): string {
  const start = page.indexOf('<!--boot-->');
  const end = page.indexOf('<!--/boot-->');
  if (start < 0 || end < start) return page;
  const { fill } = screen;
  // Replaced through functions: the values are text, never replacement patterns such as `$&`.
  let html = screen.html
    .replaceAll(fill.productName, () => escapeHtml(settings.productName))
    .replaceAll(fill.supportEmail, () => escapeHtml(settings.supportEmail));
  if (fill.today) html = html.replaceAll(fill.today, () => longDate(screen.language, now));
  if (fill.chatSmsNumber) {
    const number = settings.chatSmsNumber;
    // As the app shows it (lib/unbreakable.ts): formatted, its spaces no-break.
    const shown = formatE164(number).replace(/ /g, '\u00a0');
    html = html
      .replaceAll(fill.chatSmsNumber.shown, () => escapeHtml(shown))
      .replaceAll(fill.chatSmsNumber.raw, () => escapeHtml(number));
  }
  return `${page.slice(0, start)}<div data-drawn>${html}</div>${page.slice(end + '<!--/boot-->'.length)}`.replace(
    /<html lang="[^"]*"/,
    `<html lang="${screen.htmlLang}"`,
  );
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe for an element's content and for a quoted attribute. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] as string);
}

/**
 * Each value as `<script type="application/json" id="…">`: data, never run (so the CSP has
 * nothing to allow), read by the web app at start. `<` is escaped so no value can close the element.
 */
function dataBlocks(data: Record<string, unknown>): string {
  return Object.entries(data)
    .map(
      ([id, value]) =>
        `<script type="application/json" id="${id}">${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`,
    )
    .join('');
}

type PreloadList = { scripts: string[]; styles: string[] } | undefined;

const isAsset = (url: string) => /^\/assets\/[\w.-]+$/.test(url);

/** The scripts to preload, in order, only names of built assets (nothing else can get into the page). */
function preloadUrls(lists: PreloadList[]): string[] {
  return lists.flatMap((files) => files?.scripts.filter(isAsset) ?? []);
}

function scriptLinks(lists: PreloadList[]): string {
  return preloadUrls(lists)
    .map((url) => `<link rel="modulepreload" crossorigin href="${url}">`)
    .join('');
}

function stylesheetLinks(lists: PreloadList[]): string {
  return lists
    .flatMap((files) => files?.styles.filter(isAsset) ?? [])
    .map((url) => `<link rel="stylesheet" crossorigin href="${url}">`)
    .join('');
}

function styleLinks(lists: PreloadList[]): string {
  return lists
    .flatMap((files) => files?.styles.filter(isAsset) ?? [])
    .map((url) => `<link rel="preload" as="style" crossorigin href="${url}">`)
    .join('');
}
