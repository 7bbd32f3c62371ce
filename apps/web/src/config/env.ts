/** Build-time settings (spec §3 "build settings"); everything else comes from GET /v1/config at run time. */
export const env = {
  apiBase: (import.meta.env.VITE_API_BASE as string | undefined) ?? '/v1',
  /** "Update payment method" opens the in-page card form instead of the provider's page. */
  billingCardForm: import.meta.env.VITE_BILLING_CARD_FORM === 'true',
} as const;
