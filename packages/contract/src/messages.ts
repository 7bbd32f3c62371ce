import type { TErrorCode } from './http';
import { bundleOf, interpolate, type MessageBundle, type MessageVars, type TLanguage } from './messages-core';
import { en, enCodes, type MessageKey } from './messages-en';
import { zh, zhCodes } from './messages-zh';

export { DIAGNOSTIC_CODES, LANGUAGES, type MessageVars, type TLanguage } from './messages-core';
export type { MessageKey };

/**
 * The one catalogue of user-visible error texts (and the few other texts the server writes),
 * in both languages, shared by server and web: the server answers with these in the request's
 * language, the web loads them as its `errors` namespace. `{{name}}` marks a variable, as in
 * i18next. A text is written once: an entry that says the same as another refers to it. Each
 * language's texts are in a file of their own (messages-en.ts, messages-zh.ts).
 */

export const MESSAGES: Record<TLanguage, Record<MessageKey, string>> = { en, zh };

/**
 * Service names inside the server's sentences ('Google Calendar disconnected successfully.').
 * Kept out of MESSAGES: as bare words they are the web's own labels too, and the catalogue
 * must not repeat a locale file's text.
 */
export const SERVICE_LABELS: Record<TLanguage, Record<'email' | 'calendar' | 'contacts', string>> = {
  en: { email: 'Email', calendar: 'Calendar', contacts: 'Contacts' },
  zh: { email: '邮件', calendar: '日历', contacts: '通讯录' },
};

/** A text for every code of ERROR_CODES, for when the server's own message is not for people. */
export const ERROR_CODE_TEXTS: Record<TLanguage, Record<TErrorCode, string>> = { en: enCodes, zh: zhCodes };

/** The catalogue as one i18next namespace: the texts by key, the code texts under `codes.`. */
export function messageBundle(language: TLanguage): MessageBundle {
  return bundleOf(MESSAGES[language], ERROR_CODE_TEXTS[language]);
}

export function translate(language: TLanguage, key: MessageKey, vars: MessageVars = {}): string {
  return interpolate(MESSAGES[language][key], vars);
}

export function errorCodeText(language: TLanguage, code: TErrorCode, vars: MessageVars = {}): string {
  return interpolate(ERROR_CODE_TEXTS[language][code], vars);
}
