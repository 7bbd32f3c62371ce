import { z } from 'zod';
import { ZSingleLineText, ZUser } from '../common';
import { defineRoute } from '../http';

/**
 * After an OAuth sign-in the server hands the SPA a one-time ticket (single use, 60 s)
 * in the URL fragment instead of a session token, which must never travel in a URL.
 */
export const ZExchangeLoginTicketRequest = z.object({ ticket: ZSingleLineText.min(16).max(128) });
export const ZExchangeLoginTicketResponse = z.object({ sessionToken: z.string(), user: ZUser });
export type TExchangeLoginTicketResponse = z.infer<typeof ZExchangeLoginTicketResponse>;

export const exchangeLoginTicketRoute = defineRoute({
  method: 'POST',
  path: '/auth/exchange',
  summary: 'Trade a one-time OAuth login ticket for a session token',
  tag: 'auth',
  auth: false,
  body: ZExchangeLoginTicketRequest,
  response: ZExchangeLoginTicketResponse,
  errors: ['UNAUTHORIZED', 'RATE_LIMITED'],
});
