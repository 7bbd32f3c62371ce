import { timingSafeEqual } from 'node:crypto';
import { createRemoteJWKSet, type JWTVerifyGetKey, jwtVerify } from 'jose';

/**
 * Checks of Google's push notifications (issue 31), pure of the server: Calendar's channel
 * headers (developers.google.com/calendar/api/guides/push) and Pub/Sub's authenticated push for
 * Gmail (cloud.google.com/pubsub/docs/authenticate-push-subscriptions).
 */

/** What a subscription holds that a Calendar notification must match. */
export interface CalendarChannel {
  secret: string;
  /** Google's resourceId, kept from events.watch. */
  externalId: string | null;
}

export type CalendarNotice =
  | { ok: true; channelId: string; handshake: boolean; marker: string; state: string }
  | { ok: false; reason: 'malformed' | 'forged' };

/** Header names lower-cased, as Node gives them. */
type Headers = Record<string, string | string[] | undefined>;

function header(headers: Headers, name: string): string | null {
  const value = headers[name.toLowerCase()];
  return typeof value === 'string' && value.length > 0 ? value : null;
}

/** Constant-time equality of two strings (different lengths differ, no early exit on content). */
export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  if (a.length !== b.length) {
    timingSafeEqual(b, b);
    return false;
  }
  return timingSafeEqual(a, b);
}

/** The channel id a Calendar notification names, to find its subscription; null when absent. */
export function calendarChannelId(headers: Headers): string | null {
  return header(headers, 'x-goog-channel-id');
}

/**
 * A Calendar notification checked against its channel: the token echoed in constant time, the
 * resource id Google gave at watch time, and the message number as the marker. State 'sync' is
 * the handshake Google sends once a channel is made: acknowledged, nothing to sync.
 */
export function verifyCalendarNotice(headers: Headers, channel: CalendarChannel): CalendarNotice {
  const channelId = header(headers, 'x-goog-channel-id');
  const state = header(headers, 'x-goog-resource-state');
  const number = header(headers, 'x-goog-message-number');
  const resourceId = header(headers, 'x-goog-resource-id');
  if (!channelId || !state || !number || !resourceId) return { ok: false, reason: 'malformed' };
  const token = header(headers, 'x-goog-channel-token') ?? '';
  if (!sameSecret(token, channel.secret)) return { ok: false, reason: 'forged' };
  if (channel.externalId !== null && resourceId !== channel.externalId)
    return { ok: false, reason: 'forged' };
  return { ok: true, channelId, handshake: state === 'sync', marker: `${channelId}:${number}`, state };
}

export interface PubSubConfig {
  /** GOOGLE_PUBSUB_AUDIENCE: the audience the push subscription puts in its token. */
  audience: string;
  /** GOOGLE_PUBSUB_SERVICE_ACCOUNT: the service account the push subscription signs as. */
  serviceAccount: string;
  /** Google's keys (`https://www.googleapis.com/oauth2/v3/certs`), a local set in tests. */
  keys: JWTVerifyGetKey;
}

export const GOOGLE_JWKS_URL = 'https://www.googleapis.com/oauth2/v3/certs';

/** The key set at `url`, fetched and cached by jose. */
export function googleKeys(url: string = GOOGLE_JWKS_URL): JWTVerifyGetKey {
  return createRemoteJWKSet(new URL(url));
}

export type GmailNotice =
  | { ok: true; emailAddress: string; historyId: string; marker: string }
  | { ok: false; reason: 'unauthenticated' | 'forged' | 'malformed' };

/**
 * A Pub/Sub push for Gmail: the OIDC token in `Authorization: Bearer` verified (Google's keys,
 * issuer, audience, the service account's verified email), then the message's data, a base64
 * JSON `{emailAddress, historyId}`. The marker is Pub/Sub's messageId (redeliveries repeat it).
 */
export async function verifyGmailPush(
  authorization: string | undefined,
  body: unknown,
  config: PubSubConfig,
): Promise<GmailNotice> {
  const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
  if (!token) return { ok: false, reason: 'unauthenticated' };
  try {
    const { payload } = await jwtVerify(token, config.keys, {
      issuer: ['https://accounts.google.com', 'accounts.google.com'],
      audience: config.audience,
    });
    if (payload.email !== config.serviceAccount || payload.email_verified !== true)
      return { ok: false, reason: 'forged' };
  } catch {
    return { ok: false, reason: 'forged' };
  }
  const message = (body as { message?: { data?: unknown; messageId?: unknown; message_id?: unknown } } | null)
    ?.message;
  const messageId = message?.messageId ?? message?.message_id;
  if (typeof message?.data !== 'string' || typeof messageId !== 'string')
    return { ok: false, reason: 'malformed' };
  try {
    const data = JSON.parse(Buffer.from(message.data, 'base64').toString('utf8')) as {
      emailAddress?: unknown;
      historyId?: unknown;
    };
    const historyId = typeof data.historyId === 'number' ? String(data.historyId) : data.historyId;
    if (typeof data.emailAddress !== 'string' || typeof historyId !== 'string')
      return { ok: false, reason: 'malformed' };
    return { ok: true, emailAddress: data.emailAddress, historyId, marker: `pubsub:${messageId}` };
  } catch {
    return { ok: false, reason: 'malformed' };
  }
}
