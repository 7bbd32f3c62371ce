import { z } from 'zod';
import { ZIsoDateTime } from '../common';
import { defineRoute } from '../http';
import { ZSecurityEvent } from './activity';
import { ZAccountSession } from './sessions';

/** Rows are given as stored (minus every secret), so nothing is lost in translation. */
const ZRecord = z.record(z.string(), z.unknown());

/**
 * Everything held about the person. Sessions come without tokens or hashes, connections
 * without tokens or passwords (only what they are, their status and scopes).
 */
export const ZAccountExport = z.object({
  exportedAt: ZIsoDateTime,
  profile: z.object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    provider: z.string(),
    phoneNumber: z.string().nullable(),
    language: z.string(),
    timeZone: z.string().nullable(),
    createdAt: ZIsoDateTime,
  }),
  sessions: z.array(ZAccountSession),
  connections: z.array(ZRecord),
  billing: z.object({
    account: ZRecord.nullable(),
    subscriptions: z.array(ZRecord),
    invoices: z.array(ZRecord),
  }),
  usage: z.object({
    events: z.array(ZRecord),
    alerts: z.array(ZRecord),
  }),
  supportMessages: z.array(ZRecord),
  assistantAccess: z.array(ZRecord),
  /** The conversation with the assistant: texts in and out, the tools it called, its approvals. */
  assistant: z.object({
    messages: z.array(ZRecord),
    toolCalls: z.array(ZRecord),
    approvals: z.array(ZRecord),
    /** Its settings (pause, quiet hours, briefing, reminders); null while never changed. */
    settings: ZRecord.nullable().optional(),
    /** What it remembers about the person, each with the text it came from (issue 30). */
    memories: z.array(ZRecord).optional(),
    /** Its follow-ups on mail (issue 30): watches on a thread or a sender, running or ended. */
    followUps: z.array(ZRecord).optional(),
    /** Reminders and routines, active or not, with the text that asked for each (issue 30). */
    reminders: z.array(ZRecord).optional(),
    /** Scheduling with other people (issue 32): who was asked, the slots, what was approved and answered. */
    schedulingRequests: z.array(ZRecord).optional(),
  }),
  securityEvents: z.array(ZSecurityEvent),
});
export type TAccountExport = z.infer<typeof ZAccountExport>;

/** Per user and hour: an export reads every table. */
export const EXPORTS_PER_HOUR = 5;

export const exportAccountRoute = defineRoute({
  method: 'GET',
  path: '/account/export',
  summary: 'Download everything held about the signed-in user, as JSON',
  tag: 'account',
  auth: true,
  response: ZAccountExport,
  errors: ['UNAUTHORIZED', 'RATE_LIMITED'],
});
