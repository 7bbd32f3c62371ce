import { z } from 'zod';
import { ZUser } from '../common';
import { defineRoute } from '../http';

export const ZGetMeResponse = z.object({ user: ZUser });
export type TGetMeResponse = z.infer<typeof ZGetMeResponse>;

export const getMeRoute = defineRoute({
  method: 'GET',
  path: '/auth/me',
  summary: 'The signed-in user (also extends the session)',
  tag: 'auth',
  auth: true,
  response: ZGetMeResponse,
  errors: ['UNAUTHORIZED'],
});
