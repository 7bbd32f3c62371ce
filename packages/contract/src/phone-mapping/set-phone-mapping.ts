import { z } from 'zod';
import { ZPhoneNumber } from '../auth/send-verification-code';
import { ZVerificationCode } from '../auth/verify-code';
import { defineRoute } from '../http';
import { ZPhoneMappingResponse } from './get-phone-mapping';

/**
 * The assistant answers whoever texts from the linked number with this person's mail and
 * calendar, so a number is linked only once its owner proved it: the number the person signed in
 * with links at once; any other number first gets a code by SMS, and the second call carries it.
 */
export const ZSetPhoneMappingRequest = z.object({
  phoneNumber: ZPhoneNumber,
  code: ZVerificationCode.optional(),
});
/** Not shown in the spec: the mapping, a message for the toast, and whether a code was sent. */
export const ZSetPhoneMappingResponse = ZPhoneMappingResponse.extend({
  message: z.string(),
  verificationRequired: z.boolean(),
});
export type TSetPhoneMappingRequest = z.infer<typeof ZSetPhoneMappingRequest>;
export type TSetPhoneMappingResponse = z.infer<typeof ZSetPhoneMappingResponse>;

export const setPhoneMappingRoute = defineRoute({
  method: 'POST',
  path: '/phone-mapping',
  summary:
    'Link a phone number so the assistant answers its messages (a code is texted to numbers not yet proven)',
  tag: 'phone-mapping',
  auth: true,
  body: ZSetPhoneMappingRequest,
  response: ZSetPhoneMappingResponse,
  errors: [
    'UNAUTHORIZED',
    'NOT_CONNECTED',
    'CONFLICT',
    'INVALID_PHONE_NUMBER',
    'INVALID_CODE',
    'CODE_EXPIRED',
    'TOO_MANY_ATTEMPTS',
    'RATE_LIMITED',
    'SMS_OPTED_OUT',
    'PROVIDER_ERROR',
  ],
});
