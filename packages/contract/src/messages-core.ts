import type { TErrorCode } from './http-core';
import type { MessageKey } from './messages-en';

// What a client of the catalogue needs besides the texts themselves (messages.ts): the web app
// imports this and one language's file, never both languages (messages-en.ts).

export const LANGUAGES = ['en', 'zh'] as const;
export type TLanguage = (typeof LANGUAGES)[number];

/**
 * Codes whose server `message` is diagnostic rather than written for people: framework
 * wording, a field path, or English only. A client shows the catalogue's text for these;
 * for every other code the server's message is the text to show (it is in the request's
 * language).
 */
export const DIAGNOSTIC_CODES: readonly TErrorCode[] = [
  'VALIDATION_ERROR',
  'BAD_REQUEST',
  'NOT_FOUND',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'INTERNAL',
];

export type MessageBundle = Record<MessageKey, string> & { codes: Record<TErrorCode, string> };

/** One language of the catalogue as one i18next namespace: the texts by key, the code texts under `codes.`. */
export function bundleOf(
  texts: Record<MessageKey, string>,
  codes: Record<TErrorCode, string>,
): MessageBundle {
  return { ...texts, codes };
}

export type MessageVars = Record<string, string | number>;

export function interpolate(text: string, vars: MessageVars): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(vars[name] ?? ''));
}
