import { z } from 'zod';
import { ZProvider, ZSingleLineText } from '../common';

/** One contact shape for Google People, Microsoft Graph and CardDAV (issue 20). */
export const ZContact = z
  .object({
    id: z.string(),
    connectionId: z.string(),
    provider: ZProvider,
    name: z.string(),
    emails: z.array(z.string()),
    /** As the person wrote them; E.164 where the provider gives it. */
    phones: z.array(z.string()),
    organization: z.string().nullable(),
  })
  .meta({ id: 'Contact' });
export type TContact = z.infer<typeof ZContact>;

export const MAX_CONTACT_RESULTS = 30;

export const ZContactSearch = z.object({
  /** A name, an email address or a phone number, or part of one. */
  q: ZSingleLineText.trim().min(1).max(200),
  limit: z.coerce.number().int().min(1).max(MAX_CONTACT_RESULTS).default(10),
});
export type TContactSearch = z.infer<typeof ZContactSearch>;
