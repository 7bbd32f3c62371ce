import type { FastifyInstance } from 'fastify';
import { type BuiltPort, portPlugin } from '../port';
import type { CalendarClient, CalendarProvider } from './calendar';
import { GoogleCalendar } from './google';
import { LocalCalendar, userinfoOwner } from './local';
import { MicrosoftCalendar } from './microsoft';

const VARIABLES: Record<CalendarProvider, string[]> = {
  google: ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
  microsoft: ['MICROSOFT_CLIENT_ID', 'MICROSOFT_CLIENT_SECRET'],
};

/**
 * Google Calendar and Microsoft Graph. A provider that signs in for real reads its real API; one
 * signing in through the local issuer gets sample events, unless its API URL was set (then the
 * REST adapter talks to that URL, which is how tests reach the real adapters' code).
 */
export function buildCalendar(app: FastifyInstance): BuiltPort<CalendarClient> {
  const { calendar, identity, publicUrl } = app.config;
  const rest = {
    google: new GoogleCalendar({ baseUrl: calendar.google.baseUrl, timeoutMs: calendar.timeoutMs }),
    microsoft: new MicrosoftCalendar({ baseUrl: calendar.microsoft.baseUrl, timeoutMs: calendar.timeoutMs }),
  };
  const local = new LocalCalendar(userinfoOwner(publicUrl, calendar.timeoutMs));
  const usesLocal = (provider: CalendarProvider) => !identity[provider] && !calendar[provider].explicit;
  const adapter: CalendarClient = {
    listEvents: (provider, accessToken, range) =>
      usesLocal(provider)
        ? local.listEvents(provider, accessToken, range)
        : rest[provider].listEvents(accessToken, range),
  };
  const missing = (['google', 'microsoft'] as const).filter(usesLocal).flatMap((p) => VARIABLES[p]);
  return missing.length === 0
    ? { port: 'calendar', adapter, standIn: false, vendor: 'rest' }
    : { port: 'calendar', adapter, standIn: true, vendor: 'local', missing };
}

declare module 'fastify' {
  interface FastifyInstance {
    calendar: CalendarClient;
  }
}

export const calendarPort = portPlugin('calendar', buildCalendar);
