/** Every route of the spec's route table, in one place, so no screen hand-writes a path. */
export const paths = {
  root: '/',
  login: '/login',
  connect: '/connect',
  verification: '/verification',
  integrations: '/integrations',
  assistant: '/assistant',
  billing: '/billing',
  contact: '/contact',
  account: '/account',
  privacy: '/privacy',
  terms: '/terms',
  appleGuide: '/apple-integration-guide',
  calendar: '/calendar',
  calendarSettings: '/calendar/settings',
  settings: '/settings',
  googleCallback: '/google/callback',
  azureCallback: '/azure/callback',
  facebookCallback: '/facebook/callback',
  calendarCallback: '/calendar/callback',
  devOutbox: '/dev/outbox',
  devPhone: '/dev/phone',
} as const;

/** Spec: the Integrations item is active on /, /integrations and every path beginning /calendar. */
export function isIntegrationsPath(pathname: string): boolean {
  return pathname === paths.root || pathname === paths.integrations || pathname.startsWith(paths.calendar);
}
