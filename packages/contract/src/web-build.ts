// What the web build writes beside index.html for the server to read (apps/web/tools,
// apps/web/src/prerender.tsx → apps/server/src/plugins/spa-page.ts), and the cookie the page
// and the server agree on: one definition for the side that writes and the side that reads.
import type { TLanguage } from './messages';

/** route-preloads.json's key for what every page preloads: the app's code, started once the page is painted. */
export const EVERY_PAGE = '*';

/** route-preloads.json: per path, the built files its screen loads; `signedIn` screens only where a session is stored. */
export type RoutePreloads = Record<string, { scripts: string[]; styles: string[]; signedIn?: true }>;

/** One entry of prerendered.json: a screen's first render, drawn at build time. */
export interface PrerenderedPage {
  path: string;
  language: TLanguage;
  htmlLang: string;
  /** Drawn with the stand-in banner for every service, or for none. */
  standIns: 'all' | 'none';
  /**
   * Text of the html the server replaces: with its product name and support address (drawn as
   * placeholders), and with the day it serves the page on (the day drawn).
   */
  fill: {
    productName: string;
    supportEmail: string;
    today?: string;
    /**
     * The chat's number where the screen prints it: as drawn in links (`raw`, E.164) and as
     * shown (`shown`: formatted, no-break spaces); the server writes its own number in both forms.
     */
    chatSmsNumber?: { raw: string; shown: string };
  };
  /** The year drawn (the footer's copyright): in another year the server serves the loading mark instead. */
  year: number;
  html: string;
}

/** The language switch's choice, told to the server so it draws a screen in that language. */
export const LANGUAGE_COOKIE = 'lang';

/**
 * The inline scripts that decide, before a drawn page is painted, whether its visitor belongs on
 * it. Signed in means what the web app's `isAuthenticated()` means (apps/web/src/lib/session.ts:
 * the `session` entry of localStorage holds a non-empty `sessionToken`; storage that cannot be
 * read or parsed holds none); a web test runs these against that function. The server puts them
 * into the pages and allows each by its SHA-256 in the CSP (apps/server/src/plugins/page-gates.ts),
 * so this text is the one copy: any change to it changes the hash with it.
 */
export const PAGE_GATES = {
  /** On a signed-in route: someone without a session goes to /login, as `RequireAuth` sends them. */
  signedIn:
    'try{var s=JSON.parse(localStorage.getItem("session")||"null");if(!s||typeof s.sessionToken!=="string"||!s.sessionToken)throw 0}catch(e){location.replace("/login")}',
  /** On /login: someone with a session goes on to /integrations, as `RedirectIfAuthenticated` sends them. */
  signedOut:
    'try{var s=JSON.parse(localStorage.getItem("session")||"null");if(s&&typeof s.sessionToken==="string"&&s.sessionToken)location.replace("/integrations")}catch(e){}',
} as const;
