import { z } from 'zod';
import { ZUser } from '../common';
import { VERIFICATION_CODE_LENGTH } from '../constants';
import { defineRoute } from '../http';
import { ZPhoneNumber } from './send-verification-code';

export const ZVerificationCode = z
  .string()
  .regex(new RegExp(`^[0-9]{${VERIFICATION_CODE_LENGTH}}$`), 'Code must be exactly 5 digits');

export const ZVerifyCodeRequest = z.object({ phoneNumber: ZPhoneNumber, code: ZVerificationCode });

export const ZVerifiedUser = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  displayName: z.string(),
  phoneNumber: z.string(),
});

export const ZVerifyCodeResponse = z.object({
  isExistingUser: z.boolean(),
  /** Present for an existing user: they are signed in at once. */
  sessionToken: z.string().optional(),
  user: ZVerifiedUser.optional(),
  /** The full user record for local storage, when a session was created. */
  account: ZUser.optional(),
  /**
   * For a new user: a short-lived signed proof of the verified number, passed to
   * oauth-init as `verified_phone` (design §4). The server never trusts a bare number there.
   */
  verifiedPhoneToken: z.string().optional(),
  error: z.string().optional(),
});
export type TVerifyCodeRequest = z.infer<typeof ZVerifyCodeRequest>;
export type TVerifyCodeResponse = z.infer<typeof ZVerifyCodeResponse>;

export const verifyCodeRoute = defineRoute({
  method: 'POST',
  path: '/api/verify-code',
  summary: 'Check a sign-in code; signs in an existing user',
  tag: 'auth',
  auth: false,
  body: ZVerifyCodeRequest,
  response: ZVerifyCodeResponse,
  errors: ['INVALID_CODE', 'CODE_EXPIRED', 'TOO_MANY_ATTEMPTS', 'RATE_LIMITED'],
});
