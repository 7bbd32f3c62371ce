import type { TFollowUp } from '@app/contract/assistant/follow-ups';
import type { TAssistantMemory } from '@app/contract/assistant/memory';
import type { TReminder } from '@app/contract/assistant/reminders';
import type { TSchedulingRequest } from '@app/contract/assistant/scheduling';
import type {
  TAssistantApproval,
  TAssistantMessage,
  TAssistantSettings,
} from '@app/contract/assistant/screen';
import { fakeApi } from '@/testing/fake-api';

export const ZONE = 'Australia/Sydney';

export function settingsFixture(overrides: Partial<TAssistantSettings> = {}): TAssistantSettings {
  return {
    paused: false,
    timeZone: ZONE,
    language: 'en',
    quietHours: { start: '22:00', end: '07:00' },
    briefingTime: '07:30',
    reminderLeadMinutes: 15,
    helpTexts: { replies: false, important: false, overlaps: false },
    ...overrides,
  };
}

let seq = 0;
export function message(
  direction: 'in' | 'out',
  body: string,
  createdAt: string,
  detail: Partial<TAssistantMessage> = {},
): TAssistantMessage {
  seq += 1;
  return {
    id: `m-${String(seq).padStart(4, '0')}`,
    direction,
    channel: 'sms',
    body,
    kind: direction === 'in' ? 'text' : 'reply',
    status: direction === 'in' ? null : 'delivered',
    createdAt,
    ...detail,
  };
}

const MINUTE = 60_000;
export const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
export const fromNow = (ms: number) => new Date(Date.now() + ms).toISOString();

/** A pending request to create an event, as the stand-in model asks for one. */
export function approvalFixture(overrides: Partial<TAssistantApproval> = {}): TAssistantApproval {
  return {
    id: 'a-lunch',
    kind: 'create_event',
    preview:
      'Create "Lunch with Sam" on Sat 28 Nov, 12:00–13:00 in Work (ada@example.com), inviting sam@example.com.\nReply YES to confirm.',
    title: 'Lunch with Sam',
    recipients: ['sam@example.com'],
    flagged: [],
    when: '2026-11-28T01:00:00.000Z',
    calendar: 'Work (ada@example.com)',
    body: null,
    place: null,
    changes: [],
    textApprovable: true,
    status: 'pending',
    decidedVia: null,
    error: null,
    createdAt: ago(2 * MINUTE),
    expiresAt: fromNow(28 * MINUTE),
    decidedAt: null,
    ...overrides,
  };
}

type Answers = NonNullable<Parameters<typeof fakeApi>[0]>;

export const errorAnswer = (status: number, code: string, message = 'diagnostic') =>
  Response.json({ error: { code, message } }, { status });

/**
 * A small assistant server: messages paged by `before` as the real one pages them (oldest first
 * within a page, `hasMore` while older ones remain), approvals that move to the actions when
 * approved, settings that take a PATCH. `answers` replace or add any path.
 */
export function serveAssistant({
  settings = settingsFixture(),
  phone = '+61412345678' as string | null,
  messages = [] as TAssistantMessage[],
  approvals = [] as TAssistantApproval[],
  actions = [] as TAssistantApproval[],
  memories = [] as TAssistantMemory[],
  followUps = [] as TFollowUp[],
  reminders = [] as TReminder[],
  scheduling = [] as TSchedulingRequest[],
  answers = {} as Answers,
} = {}) {
  let waiting = [...followUps];
  let arranging = [...scheduling];
  let stored = settings;
  let pending = [...approvals];
  let done = [...actions];
  const decide = (decision: 'approve' | 'decline') =>
    Object.fromEntries(
      approvals.map((approval) => [
        `/v1/assistant/approvals/${approval.id}/${decision}`,
        () => {
          if (!pending.some((a) => a.id === approval.id))
            return errorAnswer(409, 'CONFLICT', 'This approval was already answered');
          pending = pending.filter((a) => a.id !== approval.id);
          const decided: TAssistantApproval = {
            ...approval,
            status: decision === 'approve' ? 'done' : 'declined',
            decidedVia: 'web',
            decidedAt: new Date().toISOString(),
          };
          if (decision === 'approve') done = [decided, ...done];
          return Response.json({
            approval: decided,
            message:
              decision === 'approve' ? 'Done: Lunch with Sam is in your calendar.' : 'OK, I did nothing.',
          });
        },
      ]),
    );
  const calls = fakeApi({
    '/v1/assistant/settings': (init) => {
      if (init?.method === 'PATCH') {
        stored = { ...stored, ...JSON.parse(String(init.body)) };
      }
      return Response.json({ settings: stored, phone });
    },
    '/v1/assistant/messages': (_init, url) => {
      const before = url.searchParams.get('before');
      const limit = Number(url.searchParams.get('limit') ?? 30);
      const end = before ? messages.findIndex((m) => m.id === before) : messages.length;
      const start = Math.max(0, end - limit);
      return Response.json({ messages: messages.slice(start, end), hasMore: start > 0 });
    },
    '/v1/assistant/approvals': () => Response.json({ approvals: pending }),
    '/v1/assistant/memories': () => Response.json({ memories, limit: 100 }),
    '/v1/assistant/reminders': () => Response.json({ reminders }),
    '/v1/assistant/actions': (_init, url) => {
      const before = url.searchParams.get('before');
      const limit = Number(url.searchParams.get('limit') ?? 30);
      const start = before ? done.findIndex((a) => a.id === before) + 1 : 0;
      return Response.json({
        actions: done.slice(start, start + limit),
        hasMore: start + limit < done.length,
      });
    },
    '/v1/assistant/follow-ups': () => Response.json({ followUps: waiting }),
    ...Object.fromEntries(
      followUps.map((followUp) => [
        `/v1/assistant/follow-ups/${followUp.id}/cancel`,
        () => {
          waiting = waiting.filter((f) => f.id !== followUp.id);
          return Response.json({ followUps: waiting });
        },
      ]),
    ),
    '/v1/assistant/scheduling': () => Response.json({ requests: arranging }),
    ...Object.fromEntries(
      scheduling.map((request) => [
        `/v1/assistant/scheduling/${request.id}/cancel`,
        () => {
          arranging = arranging.map((r) =>
            r.id === request.id ? { ...r, status: 'cancelled' as const, cancellable: false } : r,
          );
          return Response.json({ requests: arranging });
        },
      ]),
    ),
    ...decide('approve'),
    ...decide('decline'),
    ...answers,
  });
  const sent = (path: string, method = 'GET') =>
    calls.filter((c) => c.path === path && (c.init?.method ?? 'GET') === method);
  return {
    calls,
    sent,
    /** Answers a pending approval elsewhere (a YES by text): it is done, approved by text. */
    answerByText: (id: string) => {
      const answered = pending.find((a) => a.id === id);
      pending = pending.filter((a) => a.id !== id);
      if (answered)
        done = [
          { ...answered, status: 'done', decidedVia: 'sms', decidedAt: new Date().toISOString() },
          ...done,
        ];
    },
  };
}
