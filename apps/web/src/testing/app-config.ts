import type { TAppConfigResponse } from '@app/contract/app/get-app-config';

/** What GET /v1/config answers in the web tests. */
export const TEST_APP_CONFIG: TAppConfigResponse = {
  productName: 'Relay',
  supportEmail: 'help@relay.test',
  chatSmsNumber: '+15550100000',
  standIns: [],
  payments: { publishableKey: null, starterPriceId: null },
};
