import { z } from 'zod';
import { ZProvider, ZSingleLineText } from '../common';
import { defineRoute, ZErrorCode } from '../http';
import { MESSAGES } from '../messages';
import {
  MAX_WORKSPACE_RANGE_DAYS,
  ZBusyInterval,
  ZCreateEventBody,
  ZUpdateEventBody,
  ZWorkspaceEvent,
} from '../workspace/calendar';
import { ZContact, ZContactSearch } from '../workspace/contacts';
import {
  ZComposeMail,
  ZMailMessage,
  ZMailSearch,
  ZMailSummary,
  ZMailThread,
  ZSentMail,
} from '../workspace/mail';

/**
 * The workspace for an outside assistant service (issue 20), under the service key like the rest
 * of /internal: one shape per kind whatever the provider, so a service never learns Gmail, Graph
 * and CalDAV. Everything is scoped to the user in the path; another user's connection is 404.
 */
const ZId = ZSingleLineText.min(1).max(64);
/**
 * Provider ids (Google's base64 event ids, Graph's 150-200+ characters, CalDAV ids carrying an
 * object's URL) are long: the server's router takes path parameters up to this length (decision 350).
 */
export const MAX_PROVIDER_ID_LENGTH = 2000;
const ZProviderId = ZSingleLineText.min(1).max(MAX_PROVIDER_ID_LENGTH);

export const ZUserParams = z.object({ userId: ZId });
export const ZEventParams = z.object({ userId: ZId, eventId: ZProviderId });
export const ZMessageParams = z.object({ userId: ZId, messageId: ZProviderId });
export const ZThreadParams = z.object({ userId: ZId, threadId: ZProviderId });
export const ZConnectionQuery = z.object({ connectionId: ZId });

const DAY_MS = 24 * 60 * 60 * 1000;
/** An instant with an offset, years 1900 to 2999, like the events routes take. */
const ZRangeInstant = z.iso.datetime({ offset: true }).refine((value) => {
  const year = new Date(value).getUTCFullYear();
  return year >= 1900 && year <= 2999;
}, MESSAGES.en.eventsDateOutOfRange);

const rangeFields = { from: ZRangeInstant, to: ZRangeInstant, connectionId: ZId.optional() };

function checkRange(query: { from: string; to: string }, ctx: z.core.$RefinementCtx): void {
  const span = Date.parse(query.to) - Date.parse(query.from);
  if (span <= 0) ctx.addIssue({ code: 'custom', path: ['to'], message: MESSAGES.en.eventsRangeOrder });
  else if (span > MAX_WORKSPACE_RANGE_DAYS * DAY_MS)
    ctx.addIssue({
      code: 'custom',
      path: ['to'],
      message: `The range may cover at most ${MAX_WORKSPACE_RANGE_DAYS} days.`,
    });
}

/** A range of at most 92 days, the start first; `connectionId` narrows it to one account. */
export const ZRangeQuery = z.object(rangeFields).superRefine(checkRange);
export const ZListWorkspaceEventsQuery = z
  .object({ ...rangeFields, limit: z.coerce.number().int().min(1).max(500).default(250) })
  .superRefine(checkRange);

/**
 * An account a list could not read, beside what the others gave: a list across accounts answers
 * with what worked. Only when none worked is the answer the error itself.
 */
export const ZWorkspaceFailure = z
  .object({
    connectionId: z.string().nullable(),
    provider: ZProvider.nullable(),
    code: ZErrorCode,
    message: z.string(),
    service: z.string().optional(),
    permission: z.string().optional(),
    reason: z.string().optional(),
    retryAfterSeconds: z.number().int().nonnegative().optional(),
  })
  .meta({ id: 'WorkspaceFailure' });
export type TWorkspaceFailure = z.infer<typeof ZWorkspaceFailure>;

export const ZWorkspaceEventsResponse = z.object({
  events: z.array(ZWorkspaceEvent),
  from: z.string(),
  to: z.string(),
  failures: z.array(ZWorkspaceFailure),
});
export const ZWorkspaceEventResponse = z.object({ event: ZWorkspaceEvent });
export const ZFreeBusyResponse = z.object({
  busy: z.array(ZBusyInterval),
  from: z.string(),
  to: z.string(),
  failures: z.array(ZWorkspaceFailure),
});
export const ZDeleteEventQuery = ZConnectionQuery.extend({
  sendUpdates: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
});
export const ZDeletedResponse = z.object({ success: z.literal(true) });

export const ZMailSearchQuery = ZMailSearch.extend({ connectionId: ZId.optional() });
export const ZMailSearchResponse = z.object({
  messages: z.array(ZMailSummary),
  failures: z.array(ZWorkspaceFailure),
});
export const ZMailMessageResponse = z.object({ message: ZMailMessage });
export const ZMailThreadResponse = z.object({ thread: ZMailThread });
export const ZSentMailResponse = z.object({ mail: ZSentMail });

export const ZContactSearchQuery = ZContactSearch.extend({ connectionId: ZId.optional() });
export const ZContactSearchResponse = z.object({
  contacts: z.array(ZContact),
  failures: z.array(ZWorkspaceFailure),
});

/** Every workspace route answers these besides its own. */
const WORKSPACE_ERRORS = [
  'UNAUTHORIZED',
  'NOT_FOUND',
  'NOT_CONNECTED',
  'NEEDS_RECONNECT',
  'PERMISSION_MISSING',
  'SERVICE_UNAVAILABLE',
  'PROVIDER_ERROR',
  'RATE_LIMITED',
] as const;

const common = { tag: 'internal', auth: 'service' } as const;

export const workspaceEventsRoute = defineRoute({
  ...common,
  method: 'GET',
  path: '/internal/users/:userId/calendar/events',
  summary: "The user's events in a range across all calendars of all connections",
  params: ZUserParams,
  query: ZListWorkspaceEventsQuery,
  response: ZWorkspaceEventsResponse,
  errors: WORKSPACE_ERRORS,
});

export const createWorkspaceEventRoute = defineRoute({
  ...common,
  method: 'POST',
  path: '/internal/users/:userId/calendar/events',
  summary: "Creates an event in the named connection's calendar, or the user's default calendar",
  params: ZUserParams,
  body: ZCreateEventBody,
  response: ZWorkspaceEventResponse,
  errors: [...WORKSPACE_ERRORS, 'BAD_REQUEST'],
});

export const updateWorkspaceEventRoute = defineRoute({
  ...common,
  method: 'PATCH',
  path: '/internal/users/:userId/calendar/events/:eventId',
  summary: 'Changes an event; only the fields given change',
  params: ZEventParams,
  query: ZConnectionQuery,
  body: ZUpdateEventBody,
  response: ZWorkspaceEventResponse,
  errors: [...WORKSPACE_ERRORS, 'BAD_REQUEST'],
});

export const deleteWorkspaceEventRoute = defineRoute({
  ...common,
  method: 'DELETE',
  path: '/internal/users/:userId/calendar/events/:eventId',
  summary: 'Deletes an event (attendees are told unless sendUpdates=false)',
  params: ZEventParams,
  query: ZDeleteEventQuery,
  response: ZDeletedResponse,
  errors: WORKSPACE_ERRORS,
});

export const freeBusyRoute = defineRoute({
  ...common,
  method: 'GET',
  path: '/internal/users/:userId/calendar/free-busy',
  summary: 'When the user is busy in a range, across all calendars',
  params: ZUserParams,
  query: ZRangeQuery,
  response: ZFreeBusyResponse,
  errors: WORKSPACE_ERRORS,
});

export const searchMailRoute = defineRoute({
  ...common,
  method: 'GET',
  path: '/internal/users/:userId/mail/messages',
  summary: "Searches the user's mail across mailboxes, newest first",
  params: ZUserParams,
  query: ZMailSearchQuery,
  response: ZMailSearchResponse,
  errors: WORKSPACE_ERRORS,
});

export const readMailRoute = defineRoute({
  ...common,
  method: 'GET',
  path: '/internal/users/:userId/mail/messages/:messageId',
  summary: 'One message as plain text, attachments listed',
  params: ZMessageParams,
  query: ZConnectionQuery,
  response: ZMailMessageResponse,
  errors: WORKSPACE_ERRORS,
});

export const readThreadRoute = defineRoute({
  ...common,
  method: 'GET',
  path: '/internal/users/:userId/mail/threads/:threadId',
  summary: 'Every message of a thread, oldest first',
  params: ZThreadParams,
  query: ZConnectionQuery,
  response: ZMailThreadResponse,
  errors: WORKSPACE_ERRORS,
});

export const createDraftRoute = defineRoute({
  ...common,
  method: 'POST',
  path: '/internal/users/:userId/mail/drafts',
  summary: 'Saves a new message or a reply as a draft',
  params: ZUserParams,
  body: ZComposeMail,
  response: ZSentMailResponse,
  errors: [...WORKSPACE_ERRORS, 'BAD_REQUEST'],
});

export const sendMailRoute = defineRoute({
  ...common,
  method: 'POST',
  path: '/internal/users/:userId/mail/send',
  summary: 'Sends a new message, or a reply (inReplyTo, replyAll) in its thread',
  params: ZUserParams,
  body: ZComposeMail,
  response: ZSentMailResponse,
  errors: [...WORKSPACE_ERRORS, 'BAD_REQUEST'],
});

export const searchContactsRoute = defineRoute({
  ...common,
  method: 'GET',
  path: '/internal/users/:userId/contacts',
  summary: "Searches the user's contacts by name, email or phone",
  params: ZUserParams,
  query: ZContactSearchQuery,
  response: ZContactSearchResponse,
  errors: WORKSPACE_ERRORS,
});

export const WORKSPACE_ROUTES = [
  workspaceEventsRoute,
  createWorkspaceEventRoute,
  updateWorkspaceEventRoute,
  deleteWorkspaceEventRoute,
  freeBusyRoute,
  searchMailRoute,
  readMailRoute,
  readThreadRoute,
  createDraftRoute,
  sendMailRoute,
  searchContactsRoute,
] as const;
