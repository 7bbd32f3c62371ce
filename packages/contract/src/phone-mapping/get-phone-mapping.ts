import { z } from 'zod';
import { defineRoute } from '../http';

export const ZPhoneMappingResponse = z.object({
  phoneNumber: z.string().nullable(),
  isLinked: z.boolean(),
});
export type TPhoneMappingResponse = z.infer<typeof ZPhoneMappingResponse>;

export const getPhoneMappingRoute = defineRoute({
  method: 'GET',
  path: '/phone-mapping',
  summary: 'The phone number the assistant answers for this user',
  tag: 'phone-mapping',
  auth: true,
  response: ZPhoneMappingResponse,
  errors: ['UNAUTHORIZED'],
});
