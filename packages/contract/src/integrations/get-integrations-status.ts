import { z } from 'zod';
import { ZServiceType } from '../common';
import { defineRoute } from '../http';

export const ZIntegrationService = z.object({
  serviceType: ZServiceType,
  integrationKey: z.string(),
  /** The assistant may use it now: granted, switched on, and the connection working. */
  isEnabled: z.boolean(),
  /**
   * The person allowed it at the provider (design §7: what was granted may be less than asked),
   * whether or not it is switched on: a service never granted is repaired by granting it there,
   * one switched off by switching it on here.
   */
  isGranted: z.boolean(),
});
export type TIntegrationService = z.infer<typeof ZIntegrationService>;

/** Our own state of a connection, beside the spec's isAuthenticated (design §7). */
export const ZConnectionState = z.enum(['connected', 'needs_reconnect', 'not_connected']);
export type TConnectionState = z.infer<typeof ZConnectionState>;
/** Why a connection needs reconnecting; the web explains each in the person's language. */
export const ZReconnectReason = z.enum(['grant_revoked', 'token_expired', 'apple_password_revoked']);
export type TReconnectReason = z.infer<typeof ZReconnectReason>;

export const ZIntegrationStatus = z
  .object({
    isAuthenticated: z.boolean(),
    email: z.string().nullable(),
    name: z.string().nullable(),
    services: z.array(ZIntegrationService),
    status: ZConnectionState,
    /** Set when status is needs_reconnect. */
    reason: ZReconnectReason.nullable(),
    /** The connection shown (the provider's newest), for `DELETE /disconnect/{connectionId}`. */
    connectionId: z.string().nullable().optional(),
  })
  .meta({ id: 'IntegrationStatus' });
export type TIntegrationStatus = z.infer<typeof ZIntegrationStatus>;

export const ZIntegrationsStatusResponse = z.object({
  integrations: z.object({
    google: ZIntegrationStatus,
    microsoft: ZIntegrationStatus,
    apple: ZIntegrationStatus,
    facebook: ZIntegrationStatus,
  }),
});
export type TIntegrationsStatusResponse = z.infer<typeof ZIntegrationsStatusResponse>;

export const getIntegrationsStatusRoute = defineRoute({
  method: 'GET',
  path: '/integrations/status',
  summary: 'Connection state of every provider for the signed-in user',
  tag: 'integrations',
  auth: true,
  response: ZIntegrationsStatusResponse,
  errors: ['UNAUTHORIZED'],
});
