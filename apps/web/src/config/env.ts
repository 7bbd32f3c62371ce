/** Build-time settings (spec §3 "build settings"); everything else comes from GET /v1/config at run time. */
export const env = {
  apiBase: (import.meta.env.VITE_API_BASE as string | undefined) ?? '/v1',
} as const;
