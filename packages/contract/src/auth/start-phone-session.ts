import { z } from 'zod';
import { ZSingleLineText, ZUser } from '../common';
import { defineRoute } from '../http';

/**
 * A new user who verified their number may go on with the phone alone instead of linking
 * Google or Microsoft: the signed proof from verify-code is traded, once, for a session.
 */
export const ZStartPhoneSessionRequest = z.object({ verifiedPhoneToken: ZSingleLineText.min(1).max(2048) });
export const ZStartPhoneSessionResponse = z.object({ sessionToken: z.string(), user: ZUser });
export type TStartPhoneSessionResponse = z.infer<typeof ZStartPhoneSessionResponse>;

export const startPhoneSessionRoute = defineRoute({
  method: 'POST',
  path: '/auth/phone-session',
  summary: 'Sign in a newly verified phone-only user with the proof from verify-code',
  tag: 'auth',
  auth: false,
  body: ZStartPhoneSessionRequest,
  response: ZStartPhoneSessionResponse,
  errors: ['UNAUTHORIZED', 'RATE_LIMITED'],
});
