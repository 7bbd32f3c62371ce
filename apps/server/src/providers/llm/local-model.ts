import { createHash } from 'node:crypto';
import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3Content,
  LanguageModelV3GenerateResult,
  LanguageModelV3StreamPart,
  LanguageModelV3StreamResult,
  LanguageModelV3Usage,
} from '@ai-sdk/provider';
import type { TToolName } from '@app/contract/assistant/tools';
import { amendStep } from './stand-in-amend';
import { changeStep } from './stand-in-change-events';
import { decideFollowUp } from './stand-in-follow-ups';
import { detectIntent, type Intent } from './stand-in-intent';
import { forgotReply, listReply, savedReply } from './stand-in-memory';
import { countTokens, promptText, type ReadPrompt, readPrompt, type ToolOutcome } from './stand-in-prompt';
import {
  dayBefore,
  eventNotFoundReply,
  matchEvent,
  matchReminder,
  reminderCancelledReply,
  reminderFailedReply,
  reminderNotFoundReply,
  reminderSetReply,
  remindersListReply,
  remindNeedsTimeReply,
  remindPastReply,
  ZFoundReminder,
} from './stand-in-reminders';
import {
  type Area,
  addContactReply,
  type BookingOutcome,
  bookingReply,
  bookPastReply,
  bookRepeatReply,
  changeEventReply,
  contactReply,
  eventsReply,
  freeReply,
  helpReply,
  type Lang,
  lookupFailedNote,
  mailReply,
  needsTimeReply,
  noClockReply,
  noMailToReplyReply,
  noToolReply,
  notInContactsNote,
  thanksReply,
  toolFailedReply,
  unclearDateReply,
  unknownReply,
  whatToDo,
} from './stand-in-replies';
import {
  approvalRequested,
  findAll,
  type TFoundContact,
  unavailableOf,
  ZFoundBusy,
  ZFoundContact,
  ZFoundEvent,
  ZFoundMail,
} from './stand-in-results';
import { detectSchedule, scheduleInput, scheduleReply } from './stand-in-schedule';
import { SCHEDULING_ANSWER_TOOL, standInSchedulingAnswer } from './stand-in-scheduling';

/**
 * The local stand-in model (design §9, local mode): a deterministic model behind the AI SDK's
 * own model interface, so with no model configured the same agent loop, tools and approvals
 * run as with a real one. It understands the requests of docs/assistant-stand-in.md and says
 * plainly that it understands nothing else.
 *
 * Each call decides one step from the prompt alone: the person's latest message picks the
 * intent, and the tool results since that message say how far the intent has got. Tool results
 * are only ever read for the fields it lists back (event titles, senders, a contact's email):
 * nothing in a mail or an event can make it call a tool. Time comes from the system prompt's
 * facts (never the machine's clock), so a test gets the same answer on any day.
 */
export type Step =
  /** A tool call, and what it says beside it (a turn that ends in an approval has no later step). */
  | { type: 'call'; toolName: TToolName; input: Record<string, unknown>; text?: string }
  | { type: 'text'; text: string };

/** What the stand-in knows of the service it runs in. */
export interface StandInOptions {
  /** Our own Integrations page (`PUBLIC_URL` + `/integrations`), named when no account is connected. */
  integrationsUrl?: string | null;
}

export class LocalModel implements LanguageModelV3 {
  readonly specificationVersion = 'v3' as const;
  readonly provider = 'local';
  readonly modelId = 'stand-in';
  readonly supportedUrls: Record<string, RegExp[]> = {};

  constructor(private readonly options: StandInOptions = {}) {}

  async doGenerate(options: LanguageModelV3CallOptions): Promise<LanguageModelV3GenerateResult> {
    options.abortSignal?.throwIfAborted();
    const read = readPrompt(options.prompt);
    const tools = new Set(
      options.toolChoice?.type === 'none'
        ? []
        : (options.tools ?? []).filter((tool) => tool.type === 'function').map((tool) => tool.name),
    );
    // A reply to a scheduling mail read as data (issue 32): the one tool, answered deterministically.
    const step: Step = tools.has(SCHEDULING_ANSWER_TOOL)
      ? {
          type: 'call',
          toolName: SCHEDULING_ANSWER_TOOL as TToolName,
          input: { ...standInSchedulingAnswer(promptText(options.prompt)) },
        }
      : decide(read, tools, this.options);
    const content: LanguageModelV3Content[] =
      step.type === 'call'
        ? [
            ...(step.text ? [{ type: 'text' as const, text: step.text }] : []),
            {
              type: 'tool-call',
              toolCallId: callId(read),
              toolName: step.toolName,
              input: JSON.stringify(step.input),
            },
          ]
        : [{ type: 'text', text: step.text }];
    const said =
      step.type === 'call' ? `${step.text ?? ''}${step.toolName} ${JSON.stringify(step.input)}` : step.text;
    return {
      content,
      finishReason:
        step.type === 'call'
          ? { unified: 'tool-calls', raw: 'tool_calls' }
          : { unified: 'stop', raw: 'stop' },
      usage: usage(countTokens(promptText(options.prompt)), countTokens(said)),
      response: { id: callId(read), modelId: this.modelId },
      warnings: [],
    };
  }

  /** The same answer as doGenerate, delivered as a stream (one text delta, or one tool call). */
  async doStream(options: LanguageModelV3CallOptions): Promise<LanguageModelV3StreamResult> {
    const result = await this.doGenerate(options);
    const parts: LanguageModelV3StreamPart[] = [
      { type: 'stream-start', warnings: [] },
      { type: 'response-metadata', ...result.response },
    ];
    for (const part of result.content) {
      if (part.type === 'text') {
        const id = `${result.response?.id ?? 'text'}-text`;
        parts.push(
          { type: 'text-start', id },
          { type: 'text-delta', id, delta: part.text },
          { type: 'text-end', id },
        );
      } else if (part.type === 'tool-call') parts.push(part);
    }
    parts.push({ type: 'finish', usage: result.usage, finishReason: result.finishReason });
    return {
      stream: new ReadableStream<LanguageModelV3StreamPart>({
        start(controller) {
          for (const part of parts) controller.enqueue(part);
          controller.close();
        },
      }),
    };
  }
}

function usage(input: number, output: number): LanguageModelV3Usage {
  return {
    inputTokens: { total: input, noCache: input, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: output, text: output, reasoning: 0 },
  };
}

/** Unique within a turn and the same on every run: the message and how many steps came before. */
function callId(read: ReadPrompt): string {
  const digest = createHash('sha256').update(read.latest).digest('hex').slice(0, 10);
  return `local-${digest}-${read.outcomes.length}`;
}

const say = (text: string): Step => ({ type: 'text', text });

/** This turn's latest answer from a tool, if it has been called since the person's message. */
function lastOutcome(read: ReadPrompt, name: TToolName): ToolOutcome | undefined {
  return read.outcomes.filter((outcome) => outcome.toolName === name).at(-1);
}

/** A tool call, or, when the assistant did not offer that tool, saying it cannot reach it. */
function callIfOffered(
  tools: ReadonlySet<string>,
  lang: Lang,
  toolName: TToolName,
  input: Record<string, unknown>,
): Step {
  return tools.has(toolName) ? { type: 'call', toolName, input } : say(noToolReply(lang));
}

/** What the stand-in does next, given the conversation so far and the tools it was offered. */
export function decide(read: ReadPrompt, tools: ReadonlySet<string>, options: StandInOptions = {}): Step {
  const { language: lang, zone, now } = read.facts;
  const integrationsUrl = options.integrationsUrl ?? null;
  // After "YES but …" the cancelled request is asked again, changed, before any other intent.
  const amended = amendStep(read, tools);
  if (amended) return amended;
  // "find 30 minutes with Priya next week": the slots are found by the tool, which asks the YES.
  const scheduling = detectSchedule(read.latest, now);
  if (scheduling) {
    const asked = lastOutcome(read, 'schedule_propose');
    if (!asked) return callIfOffered(tools, lang, 'schedule_propose', scheduleInput(scheduling, lang));
    return say(
      scheduleReply(asked, lang, (failure) => toolFailedReply(lang, 'calendar', failure, integrationsUrl)),
    );
  }
  const intent = detectIntent(read.latest, now ?? { date: '2000-01-01', time: '00:00' });
  const call = (toolName: TToolName, input: Record<string, unknown>) =>
    callIfOffered(tools, lang, toolName, input);

  // Each request is at most one search, answered once its result is back: no loops to the step limit.
  const answer = (
    toolName: TToolName,
    input: Record<string, unknown>,
    area: Area,
    reply: (value: unknown, partial: boolean) => string,
  ) => {
    const outcome = lastOutcome(read, toolName);
    if (!outcome) return call(toolName, input);
    const { output } = outcome;
    return say(
      output.ok ? reply(output.value, output.partial) : toolFailedReply(lang, area, output, integrationsUrl),
    );
  };

  switch (intent.kind) {
    case 'events': {
      if (!now) return say(noClockReply(lang));
      const { window } = intent;
      return answer(
        'calendar_list_events',
        { from: window.from, to: window.to },
        'calendar',
        (value, partial) =>
          eventsReply(lang, {
            window,
            today: now.date,
            zone,
            events: findAll(value, ZFoundEvent),
            partial,
            unavailable: unavailableOf(value),
          }),
      );
    }
    case 'free': {
      if (!now) return say(noClockReply(lang));
      const { window } = intent;
      return answer('calendar_free_busy', { from: window.from, to: window.to }, 'calendar', (value) =>
        freeReply(lang, { window, today: now.date, zone, busy: findAll(value, ZFoundBusy) }),
      );
    }
    case 'book':
      return now ? book(intent, read, tools, lang, integrationsUrl) : say(noClockReply(lang));
    case 'book-past':
      return say(bookPastReply(lang, intent.time));
    case 'add-contact':
      return say(addContactReply(lang));
    case 'change-event':
      return say(changeEventReply(lang));
    case 'move-event':
    case 'cancel-event': {
      if (!now) return say(noClockReply(lang));
      const step = changeStep(intent, read.outcomes, lang, now, (failure) =>
        toolFailedReply(lang, 'calendar', failure, integrationsUrl),
      );
      if (step.type === 'text') return step;
      // A change asked for ends the turn in its approval; once asked, the stand-in says nothing more.
      const asked = lastOutcome(read, step.toolName);
      if (asked)
        return say(
          asked.output.ok
            ? changeEventReply(lang)
            : toolFailedReply(lang, 'calendar', asked.output, integrationsUrl),
        );
      return call(step.toolName, step.input);
    }
    case 'book-repeat':
      return say(bookRepeatReply(lang));
    case 'unclear-date':
      return say(unclearDateReply(lang));
    case 'thanks':
      return say(thanksReply(lang));
    case 'mail-from':
    case 'mail-unread': {
      const from = intent.kind === 'mail-from' ? intent.from : null;
      return answer('mail_search', from ? { from } : { unread: true }, 'mail', (value, partial) =>
        mailReply(lang, { from, zone, mails: findAll(value, ZFoundMail), partial }),
      );
    }
    case 'mail-reply': {
      const mail = mailToReply(read, intent.to);
      if (!mail) return say(noMailToReplyReply(lang));
      return answer('mail_reply', { ...mail, text: intent.text }, 'mail', () => noMailToReplyReply(lang));
    }
    case 'contact':
      return answer('contacts_search', { query: intent.query }, 'contacts', (value, partial) =>
        contactReply(lang, { query: intent.query, contacts: findAll(value, ZFoundContact), partial }),
      );
    case 'book-needs-time':
      return say(needsTimeReply(lang));
    case 'memory-save':
    case 'memory-list':
    case 'memory-forget': {
      const [toolName, input, reply] =
        intent.kind === 'memory-save'
          ? (['memory_save', { text: intent.fact }, savedReply] as const)
          : intent.kind === 'memory-list'
            ? (['memory_list', {}, listReply] as const)
            : (['memory_forget', intent.about ? { about: intent.about } : {}, forgotReply] as const);
      const outcome = lastOutcome(read, toolName);
      // A proposal asked for the YES ends the turn; if it went on, the stand-in only says it waits.
      if (!outcome) return call(toolName, input);
      return say(reply(lang, outcome.output));
    }
    case 'follow-up':
    case 'follow-up-list':
    case 'follow-up-cancel': {
      const step = decideFollowUp(intent, read.outcomes, lang, (failure) =>
        toolFailedReply(lang, 'mail', failure, integrationsUrl),
      );
      return step.type === 'call' ? call(step.toolName, step.input) : step;
    }
    case 'help':
      return say(helpReply(lang));
    case 'remind':
    case 'remind-event':
    case 'reminders-list':
    case 'reminder-cancel':
      return reminders(intent, read, tools, lang, now?.date ?? null);
    case 'remind-needs-time':
      return say(remindNeedsTimeReply(lang));
    case 'remind-past':
      return say(remindPastReply(lang, intent.time));
    case 'unknown':
      return say(unknownReply(lang));
  }
}

/**
 * Booking: with a person named, their contact first (their address becomes the attendee),
 * then the event. Creating it ends in an approval request; the stand-in then only says it is
 * waiting for the YES, and never claims a booking the tool did not report.
 */
function book(
  intent: Extract<Intent, { kind: 'book' }>,
  read: ReadPrompt,
  tools: ReadonlySet<string>,
  lang: Lang,
  integrationsUrl: string | null,
) {
  let attendee: string | null = null;
  let lookupFailed = false;
  if (intent.person && tools.has('contacts_search')) {
    const searched = lastOutcome(read, 'contacts_search');
    if (!searched) return callIfOffered(tools, lang, 'contacts_search', { query: intent.person });
    lookupFailed = !searched.output.ok;
    const contacts = searched.output.ok ? findAll(searched.output.value, ZFoundContact) : [];
    attendee = bestEmail(contacts, intent.person);
  }
  // Nobody to invite: because the contacts could not be read, or because the person is not in them.
  const note =
    intent.person && !attendee
      ? lookupFailed
        ? lookupFailedNote(lang, intent.person)
        : notInContactsNote(lang, intent.person)
      : null;
  const created = lastOutcome(read, 'calendar_create_event');
  if (!created) {
    const step = callIfOffered(tools, lang, 'calendar_create_event', {
      title: intent.title,
      start: intent.start,
      end: intent.end,
      ...(attendee ? { attendees: [attendee] } : {}),
    });
    // Said with the call: the approval it asks for ends the turn before any later step.
    return note && step.type === 'call' ? { ...step, text: note } : step;
  }
  const outcome: BookingOutcome = !created.output.ok
    ? 'failed'
    : approvalRequested(created.output.value)
      ? 'approval'
      : findAll(created.output.value, ZFoundEvent).some((event) => event.id)
        ? 'booked'
        : 'failed';
  const { title, start, end } = intent;
  // A calendar that is not connected (or must be reconnected) is said with where to fix it.
  const why =
    !created.output.ok && created.output.code ? whatToDo(lang, created.output, integrationsUrl) : null;
  return say(bookingReply(lang, { title, start, end, outcome, note, why }));
}

/**
 * The mail "reply to him" means: the newest mail in the tool record of recent turns (from the
 * person named, when one is), by the ids a mail tool returned. Only its ids are used.
 */
function mailToReply(
  read: ReadPrompt,
  to: string | null,
): { connectionId: string; messageId: string } | null {
  const wanted = to?.toLowerCase();
  const mails = read.record.filter(
    (item) =>
      item.toolName.startsWith('mail_') &&
      typeof item.fields.connectionId === 'string' &&
      typeof item.fields.messageId === 'string' &&
      (!wanted ||
        String(item.fields.from ?? '')
          .toLowerCase()
          .includes(wanted)),
  );
  // The newest call's first item: a search lists the newest mail first.
  const newest = Math.max(...mails.map((item) => item.call));
  const found = mails.find((item) => item.call === newest);
  const mail = found
    ? { connectionId: String(found.fields.connectionId), messageId: String(found.fields.messageId) }
    : null;
  return mail ? { connectionId: mail.connectionId, messageId: mail.messageId } : null;
}

/** The contact the person most likely meant: an exact name, then a name part starting so. */
function bestEmail(contacts: TFoundContact[], person: string): string | null {
  const wanted = person.toLowerCase();
  const withEmail = contacts.filter((contact) => contact.emails.length > 0);
  const best =
    withEmail.find((contact) => contact.name.toLowerCase() === wanted) ??
    withEmail.find((contact) =>
      contact.name
        .toLowerCase()
        .split(/\s+/)
        .some((part) => part.startsWith(wanted)),
    ) ??
    withEmail[0];
  return best?.emails[0] ?? null;
}

/**
 * Reminders: set one (for "the day before the dentist", the event found first), list them, or
 * cancel the one the person names after listing them. Each tool once a turn, in that order.
 */
function reminders(
  intent: Extract<Intent, { kind: 'remind' | 'remind-event' | 'reminders-list' | 'reminder-cancel' }>,
  read: ReadPrompt,
  tools: ReadonlySet<string>,
  lang: Lang,
  today: string | null,
): Step {
  const call = (toolName: TToolName, input: Record<string, unknown>) =>
    callIfOffered(tools, lang, toolName, input);
  const created = lastOutcome(read, 'reminder_create');
  const afterCreate = () => {
    if (!created!.output.ok) return say(reminderFailedReply(lang, created!.output.error));
    const [reminder] = findAll(created!.output.value, ZFoundReminder);
    return say(reminder ? reminderSetReply(lang, reminder) : reminderFailedReply(lang, 'unknown'));
  };
  switch (intent.kind) {
    case 'remind':
      if (created) return afterCreate();
      return call('reminder_create', {
        what: intent.what,
        ...(intent.inMinutes ? { inMinutes: intent.inMinutes } : { at: intent.at }),
        ...(intent.rrule ? { rrule: intent.rrule } : {}),
        ...(intent.agent ? { agent: true } : {}),
      });
    case 'remind-event': {
      if (created) return afterCreate();
      if (!today) return say(noClockReply(lang));
      const listed = lastOutcome(read, 'calendar_list_events');
      if (!listed) return call('calendar_list_events', { from: today, to: addDaysLocal(today, 60) });
      const event = listed.output.ok
        ? matchEvent(findAll(listed.output.value, ZFoundEvent), intent.query)
        : null;
      if (!event) return say(eventNotFoundReply(lang, intent.query));
      return call('reminder_create', { what: event.title, at: dayBefore(event.start) });
    }
    case 'reminders-list': {
      const listed = lastOutcome(read, 'reminder_list');
      if (!listed) return call('reminder_list', {});
      if (!listed.output.ok) return say(reminderFailedReply(lang, listed.output.error));
      return say(remindersListReply(lang, findAll(listed.output.value, ZFoundReminder)));
    }
    case 'reminder-cancel': {
      const listed = lastOutcome(read, 'reminder_list');
      if (!listed) return call('reminder_list', {});
      const found = listed.output.ok
        ? matchReminder(findAll(listed.output.value, ZFoundReminder), intent.query)
        : null;
      if (!found) return say(reminderNotFoundReply(lang, intent.query));
      const cancelled = lastOutcome(read, 'reminder_cancel');
      if (!cancelled) return call('reminder_cancel', { id: found.id });
      return say(
        cancelled.output.ok
          ? reminderCancelledReply(lang, found)
          : reminderFailedReply(lang, cancelled.output.error),
      );
    }
  }
}

function addDaysLocal(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
