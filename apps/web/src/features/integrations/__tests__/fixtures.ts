import type {
  TIntegrationStatus,
  TIntegrationsStatusResponse,
} from '@app/contract/integrations/get-integrations-status';

const services = (types: ('email' | 'calendar' | 'contacts')[], granted = true) =>
  types.map((serviceType) => ({
    serviceType,
    integrationKey: `key-${serviceType}`,
    isEnabled: granted,
    isGranted: granted,
  }));

export const notConnected: TIntegrationStatus = {
  isAuthenticated: false,
  email: null,
  name: null,
  services: [],
  status: 'not_connected',
  reason: null,
};

export const googleConnected: TIntegrationStatus = {
  isAuthenticated: true,
  email: 'ada.lovelace@gmail.com',
  name: 'Ada',
  services: services(['email', 'calendar', 'contacts']),
  status: 'connected',
  reason: null,
};

export const microsoftBroken: TIntegrationStatus = {
  isAuthenticated: false,
  email: 'ada@outlook.com',
  name: 'Ada',
  services: [],
  status: 'needs_reconnect',
  reason: 'grant_revoked',
};

/** Microsoft connected with every box unticked on its consent page: nothing granted. */
export const microsoftNothingGranted: TIntegrationStatus = {
  isAuthenticated: true,
  email: 'ada@outlook.com',
  name: 'Ada',
  services: services(['email', 'calendar', 'contacts'], false),
  status: 'connected',
  reason: null,
};

/** What GET /v1/integrations/status answers in these tests, unless a test changes an entry. */
export function statusResponse(
  overrides: Partial<TIntegrationsStatusResponse['integrations']> = {},
): TIntegrationsStatusResponse {
  return {
    integrations: {
      google: googleConnected,
      microsoft: microsoftBroken,
      apple: notConnected,
      facebook: notConnected,
      ...overrides,
    },
  };
}

export const errorBody = (code: string, message: string) => ({ error: { code, message } });
