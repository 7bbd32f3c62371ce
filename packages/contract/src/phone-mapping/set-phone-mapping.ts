import { z } from 'zod';
import { ZPhoneNumber } from '../auth/send-verification-code';
import { defineRoute } from '../http';
import { ZPhoneMappingResponse } from './get-phone-mapping';

export const ZSetPhoneMappingRequest = z.object({ phoneNumber: ZPhoneNumber });
/** Not shown in the spec: the new mapping plus a message for the toast. */
export const ZSetPhoneMappingResponse = ZPhoneMappingResponse.extend({ message: z.string() });
export type TSetPhoneMappingRequest = z.infer<typeof ZSetPhoneMappingRequest>;

export const setPhoneMappingRoute = defineRoute({
  method: 'POST',
  path: '/phone-mapping',
  summary: 'Link a phone number so the assistant answers its messages',
  tag: 'phone-mapping',
  auth: true,
  body: ZSetPhoneMappingRequest,
  response: ZSetPhoneMappingResponse,
  errors: ['UNAUTHORIZED', 'NOT_CONNECTED', 'CONFLICT', 'INVALID_PHONE_NUMBER'],
});
