import { z } from 'zod';
import { defineRoute } from '../http';

export const ZLogoutResponse = z.object({ success: z.literal(true) });

export const logoutRoute = defineRoute({
  method: 'POST',
  path: '/auth/logout',
  summary: 'Revoke the current session on the server',
  tag: 'auth',
  auth: true,
  response: ZLogoutResponse,
  errors: ['UNAUTHORIZED'],
});
