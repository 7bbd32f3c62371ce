import { MESSAGES, type MessageKey, type TLanguage, translate } from '@app/contract/messages';
import type { FastifyRequest } from 'fastify';

/**
 * What the server says to people (SMS texts, error messages) comes from the contract's one
 * catalogue, which the web shares; this module only adds the request's language.
 */
export { MESSAGES, type MessageKey, translate };
export type Language = TLanguage;

/** The request's language from Accept-Language (the web sends its current language); English otherwise. */
export function requestLanguage(request: FastifyRequest): Language {
  const header = String(request.headers['accept-language'] ?? '');
  const first = header.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('zh') ? 'zh' : 'en';
}
