import { z } from 'zod';

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

/** Generous upper bounds: the point is that nothing unbounded reaches a service. */
export const ZShortText = z.string().max(500);

/** A user as the web stores it locally (spec §3: account id, defaults 'User' and 'unknown'). */
export const ZUser = z
  .object({
    id: z.string(),
    account_id: z.string(),
    email: z.string(),
    name: z.string(),
    provider: z.string(),
    phoneNumber: z.string().nullable(),
    language: z.enum(['en', 'zh']),
    createdAt: ZIsoDateTime,
  })
  .meta({ id: 'User' });
export type TUser = z.infer<typeof ZUser>;

/** Phone-only users get an address made from their number at this placeholder domain (spec §3). */
export const PHONE_EMAIL_DOMAIN = 'phone.relay.invalid';

export const ZSuccess = z.object({ success: z.literal(true), message: z.string().optional() });
