import { z } from 'zod';
import { singleLine, ZSingleLineText } from '../common';
import { defineRoute } from '../http';

export const ZConnectAppleRequest = z.object({
  appleId: singleLine(z.email('Apple ID must be an email address').max(254)),
  /** Apple shows it as xxxx-xxxx-xxxx-xxxx; spaces and case are forgiven. */
  appPassword: ZSingleLineText.trim().min(1, 'App-specific password is required').max(64),
});

/** A calendar or address book found on iCloud; only its name leaves the server. */
export const ZAppleCollection = z.object({ name: z.string() });

/**
 * The spec shows `success` and `error`; the rest is ours: the catalogue's success text and
 * what was found, so the screen can say "3 calendars, 1 address book".
 */
export const ZConnectAppleResponse = z.object({
  success: z.boolean(),
  error: z.string().optional(),
  message: z.string().optional(),
  email: z.string().optional(),
  calendars: z.array(ZAppleCollection).optional(),
  addressBooks: z.array(ZAppleCollection).optional(),
});
export type TConnectAppleRequest = z.infer<typeof ZConnectAppleRequest>;
export type TConnectAppleResponse = z.infer<typeof ZConnectAppleResponse>;

export const connectAppleRoute = defineRoute({
  method: 'POST',
  path: '/apple/connect',
  summary: 'Connect iCloud calendar and contacts with an app-specific password',
  tag: 'integrations',
  auth: true,
  body: ZConnectAppleRequest,
  response: ZConnectAppleResponse,
  // APPLE_AUTH_FAILED: iCloud refused the credentials (400, with the app-specific-password hint);
  // CONFLICT: the Apple ID is connected to another account; SERVICE_UNAVAILABLE: iCloud unreachable.
  errors: ['UNAUTHORIZED', 'APPLE_AUTH_FAILED', 'CONFLICT', 'SERVICE_UNAVAILABLE', 'RATE_LIMITED'],
});
