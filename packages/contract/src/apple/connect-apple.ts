import { z } from 'zod';
import { singleLine, ZSingleLineText } from '../common';
import { defineRoute } from '../http';

export const ZConnectAppleRequest = z.object({
  appleId: singleLine(z.email('Apple ID must be an email address').max(254)),
  /** Apple shows it as xxxx-xxxx-xxxx-xxxx; spaces and case are forgiven. */
  appPassword: ZSingleLineText.trim().min(1, 'App-specific password is required').max(64),
});
export const ZConnectAppleResponse = z.object({ success: z.boolean(), error: z.string().optional() });
export type TConnectAppleRequest = z.infer<typeof ZConnectAppleRequest>;

export const connectAppleRoute = defineRoute({
  method: 'POST',
  path: '/apple/connect',
  summary: 'Connect iCloud calendar and contacts with an app-specific password',
  tag: 'integrations',
  auth: true,
  body: ZConnectAppleRequest,
  response: ZConnectAppleResponse,
  errors: ['UNAUTHORIZED', 'PROVIDER_ERROR', 'RATE_LIMITED'],
});
