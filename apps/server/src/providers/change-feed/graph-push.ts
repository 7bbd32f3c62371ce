import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * What Microsoft Graph posts to our notification URL (learn.microsoft.com/graph/change-notifications-delivery-webhooks),
 * read without trusting it: pure functions, no I/O, so the route only has to look up the
 * subscription and act on the verdict.
 */

/**
 * The validation handshake: on create (and for a lifecycle URL) Graph posts
 * `?validationToken=...` and wants the token back, decoded, as `text/plain` with 200 within 10 s.
 * Returns the token to echo, or null when the request is not a handshake.
 */
export function graphValidationToken(query: unknown): string | null {
  const token = (query as { validationToken?: unknown } | null)?.validationToken;
  if (typeof token !== 'string' || token.length === 0 || token.length > 1024) return null;
  return token;
}

const ZNotification = z.object({
  subscriptionId: z.string().min(1).max(200),
  clientState: z.string().max(255).nullish(),
  changeType: z.string().max(100).nullish(),
  resource: z.string().max(2000).nullish(),
  subscriptionExpirationDateTime: z.string().max(100).nullish(),
  lifecycleEvent: z.string().max(100).nullish(),
  resourceData: z
    .object({ id: z.string().max(1000).nullish() })
    .passthrough()
    .nullish(),
});

const ZNotifications = z.object({ value: z.array(z.unknown()).max(1000) });

/** What one notification asks of us once its clientState proved it Graph's. */
export type GraphNotice =
  /** Something changed in the resource: sync it from the cursor. */
  | { kind: 'changed'; subscriptionId: string; clientState: string | null; marker: string }
  /** `reauthorizationRequired`: renew (PATCH) the subscription now. */
  | { kind: 'renew'; subscriptionId: string; clientState: string | null; marker: string }
  /** `subscriptionRemoved`: Graph ended it; subscribe again and sync. */
  | { kind: 'resubscribe'; subscriptionId: string; clientState: string | null; marker: string }
  /** `missed`: notifications were dropped; sync now. */
  | { kind: 'missed'; subscriptionId: string; clientState: string | null; marker: string };

const LIFECYCLE: Record<string, GraphNotice['kind']> = {
  reauthorizationRequired: 'renew',
  subscriptionRemoved: 'resubscribe',
  missed: 'missed',
};

/**
 * The notifications of one POST; an entry in an unknown shape or an unknown lifecycle event is
 * left out (Graph may add kinds; ignoring one costs at most a sync the next poll does). The
 * marker deduplicates: Graph retries a delivery it thinks failed with the same content.
 */
export function parseGraphNotifications(body: unknown): GraphNotice[] {
  const outer = ZNotifications.safeParse(body);
  if (!outer.success) return [];
  const notices: GraphNotice[] = [];
  for (const raw of outer.data.value) {
    const parsed = ZNotification.safeParse(raw);
    if (!parsed.success) continue;
    const entry = parsed.data;
    const kind: GraphNotice['kind'] | undefined = entry.lifecycleEvent
      ? LIFECYCLE[entry.lifecycleEvent]
      : 'changed';
    if (!kind) continue;
    const marker = createHash('sha256')
      .update(
        [
          entry.subscriptionId,
          entry.lifecycleEvent ?? '',
          entry.changeType ?? '',
          entry.resource ?? '',
          entry.resourceData?.id ?? '',
          entry.subscriptionExpirationDateTime ?? '',
        ].join('\n'),
      )
      .digest('hex')
      .slice(0, 32);
    notices.push({
      kind,
      subscriptionId: entry.subscriptionId,
      clientState: entry.clientState ?? null,
      marker,
    });
  }
  return notices;
}

/** Whether the clientState Graph echoed is the secret we gave it, compared in constant time. */
export function clientStateMatches(expected: string, given: string | null): boolean {
  if (given === null) return false;
  const a = createHash('sha256').update(expected).digest();
  const b = createHash('sha256').update(given).digest();
  return timingSafeEqual(a, b);
}
