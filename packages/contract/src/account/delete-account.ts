import { z } from 'zod';
import { ZSuccess } from '../common';
import { defineRoute } from '../http';

/** A stray DELETE (a crawler, a replayed request) must not be enough to erase an account. */
export const ZDeleteAccountBody = z.object({ confirm: z.literal(true) });
export type TDeleteAccountBody = z.infer<typeof ZDeleteAccountBody>;

/** Per user and hour. */
export const DELETES_PER_HOUR = 3;

export const deleteAccountRoute = defineRoute({
  method: 'DELETE',
  path: '/account',
  summary:
    'Delete the account: revoke provider grants, cancel the subscription, erase the data, keep invoices as records',
  tag: 'account',
  auth: true,
  body: ZDeleteAccountBody,
  response: ZSuccess,
  errors: ['UNAUTHORIZED', 'RATE_LIMITED', 'PAYMENT_ERROR'],
});
