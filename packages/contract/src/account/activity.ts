import { z } from 'zod';
import { ZIsoDateTime } from '../common';
import { defineRoute } from '../http';
import { ZDevice } from './sessions';

export const SECURITY_EVENT_KINDS = [
  'sign_in',
  'code_failed',
  'connection_added',
  'connection_repaired',
  'connection_broken',
  'connection_removed',
  'phone_linked',
  'plan_changed',
  'data_exported',
  'session_revoked',
  'sessions_revoked',
] as const;
export const ZSecurityEventKind = z.enum(SECURITY_EVENT_KINDS);
export type TSecurityEventKind = z.infer<typeof ZSecurityEventKind>;

/** What a plan change was: the screen words each one. */
export const PLAN_CHANGES = ['trial_started', 'subscribed', 'canceled', 'reactivated', 'ended'] as const;
export const ZPlanChange = z.enum(PLAN_CHANGES);
export type TPlanChange = z.infer<typeof ZPlanChange>;

/** The few facts an event carries; which ones depends on its kind. */
export const ZSecurityEventDetail = z.object({
  /** sign_in: phone, google, microsoft, facebook. */
  method: z.string().optional(),
  /** connection_*: google, microsoft, apple, facebook. */
  provider: z.string().optional(),
  /** connection_broken: why (grant_revoked, token_expired, ...). */
  reason: z.string().optional(),
  /** plan_changed. */
  plan: z.string().optional(),
  change: ZPlanChange.optional(),
  /** sessions_revoked: how many. */
  count: z.number().int().optional(),
});
export type TSecurityEventDetail = z.infer<typeof ZSecurityEventDetail>;

export const ZSecurityEvent = ZSecurityEventDetail.extend({
  id: z.string(),
  kind: ZSecurityEventKind,
  createdAt: ZIsoDateTime,
  /** The device and network of the request that caused it, where a person's request did. */
  device: ZDevice.nullable(),
  network: z.string().nullable(),
});
export type TSecurityEvent = z.infer<typeof ZSecurityEvent>;

/** The account's last 50 security events are shown, newest first. */
export const ACTIVITY_LIMIT = 50;

export const ZActivityResponse = z.object({ events: z.array(ZSecurityEvent).max(ACTIVITY_LIMIT) });
export type TActivityResponse = z.infer<typeof ZActivityResponse>;

export const getActivityRoute = defineRoute({
  method: 'GET',
  path: '/account/activity',
  summary: 'The last 50 security events of the account, newest first',
  tag: 'account',
  auth: true,
  response: ZActivityResponse,
  errors: ['UNAUTHORIZED'],
});
