import { z } from 'zod';
import { ZServiceType } from '../common';
import { defineRoute } from '../http';

export const ZIntegrationService = z.object({
  serviceType: ZServiceType,
  integrationKey: z.string(),
  isEnabled: z.boolean(),
});

export const ZIntegrationStatus = z
  .object({
    isAuthenticated: z.boolean(),
    email: z.string().nullable(),
    name: z.string().nullable(),
    services: z.array(ZIntegrationService),
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
