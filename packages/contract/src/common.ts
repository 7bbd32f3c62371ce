import { z } from 'zod';
import { LANGUAGES, MESSAGES } from './messages';

/** Providers as the integrations API keys them. */
export const PROVIDERS = ['google', 'microsoft', 'apple', 'facebook'] as const;
export const ZProvider = z.enum(PROVIDERS);
export type TProvider = z.infer<typeof ZProvider>;

/** OAuth providers as they appear in the spec's paths (Microsoft is `azure` there). */
export const OAUTH_SLUGS = { google: 'google', microsoft: 'azure', facebook: 'facebook' } as const;
export type TOAuthProvider = keyof typeof OAUTH_SLUGS;
export type TOAuthSlug = (typeof OAUTH_SLUGS)[TOAuthProvider];

export const SERVICE_TYPES = ['email', 'calendar', 'contacts'] as const;
export const ZServiceType = z.enum(SERVICE_TYPES);
export type TServiceType = z.infer<typeof ZServiceType>;

export const ZPermission = z.enum(['read', 'write']);

export const ZIsoDateTime = z.iso.datetime({ offset: true });

/**
 * Single-line text (design §5): no C0 control character (NUL to US, TAB, LF and CR included),
 * no DEL, no C1 control (U+0080 to U+009F, NEL included) and no Unicode line or paragraph
 * separator. TAB is refused too: a one-line field cannot receive it from the keyboard, only
 * from a paste, and in a mail subject, a log line or an export it splits or shifts columns.
 * Checked before any trim, so a trailing line break is refused, not silently dropped.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
export const SINGLE_LINE_PATTERN = /^[^\u0000-\u001F\u007F-\u009F\u2028\u2029]*$/;

/** Multi-line text: line breaks and TAB are welcome; every other control character is refused. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
export const MULTI_LINE_PATTERN = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]*$/;

/** Adds the single-line rule to a string schema of any format (plain text, email, ...). */
export function singleLine<T extends z.ZodString | z.ZodEmail>(schema: T): T {
  return schema.regex(SINGLE_LINE_PATTERN, MESSAGES.en.singleLine) as T;
}

/** Every one-line field of a request starts here: `ZSingleLineText.trim().min(1).max(200)`. */
export const ZSingleLineText = singleLine(z.string());

/** Free text over several lines (a message body). */
export const ZMultiLineText = z.string().regex(MULTI_LINE_PATTERN, MESSAGES.en.controlCharacters);

/** Generous upper bounds: the point is that nothing unbounded reaches a service. */
export const ZShortText = ZSingleLineText.max(500);

/** A user as the web stores it locally (spec §3: account id, defaults 'User' and 'unknown'). */
export const ZUser = z
  .object({
    id: z.string(),
    account_id: z.string(),
    email: z.string(),
    name: z.string(),
    provider: z.string(),
    phoneNumber: z.string().nullable(),
    language: z.enum(LANGUAGES),
    createdAt: ZIsoDateTime,
  })
  .meta({ id: 'User' });
export type TUser = z.infer<typeof ZUser>;

/** Phone-only users get an address made from their number at this placeholder domain (spec §3). */
export const PHONE_EMAIL_DOMAIN = 'phone.relay.invalid';

export const ZSuccess = z.object({ success: z.literal(true), message: z.string().optional() });
