import type { TApprovalChange } from '@app/contract/assistant/screen';
import { busyAttendeesAt } from '../new-times';
import { type AssistantTextKey, say } from '../texts';
import { toInstant } from '../tool-times';
import type { TurnContext } from '../turn-context';
import { requestApproval } from './approval-step';
import {
  asLocal,
  defineTool,
  eventNow,
  eventWhenOf,
  NO_SUCH_EVENT,
  othersInvited,
  type ToolEnv,
  whenOf,
} from './shared';

const FIELD_KEYS: Record<TApprovalChange['field'], AssistantTextKey> = {
  title: 'fieldTitle',
  time: 'fieldTime',
  place: 'fieldPlace',
  description: 'fieldDescription',
  timeZone: 'fieldTimeZone',
  language: 'fieldLanguage',
};

/** One change as a line of the text: "Place: Harbour Cafe -> Pier 9". */
export function changeLine(ctx: TurnContext, change: TApprovalChange): string {
  const none = say(ctx.language, 'valueNone');
  return say(ctx.language, 'lineChange', {
    field: say(ctx.language, FIELD_KEYS[change.field]),
    from: change.from ?? none,
    to: change.to ?? none,
  });
}

export const calendarUpdateEvent = (env: ToolEnv) =>
  defineTool(env, 'calendar_update_event', 'Changes an event.', async (input) => {
    const { ctx } = env;
    const event = await eventNow(env, input);
    if (!event) return NO_SUCH_EVENT;
    const patch = {
      ...(input.title ? { title: input.title } : {}),
      ...(input.start && input.end ? { start: input.start, end: input.end, timeZone: ctx.timeZone } : {}),
      ...(input.location !== undefined ? { location: input.location } : {}),
    };
    const changes: TApprovalChange[] = [];
    if (input.title !== undefined && input.title !== '' && input.title !== event.title)
      changes.push({ field: 'title', from: event.title, to: input.title });
    if (input.start && input.end)
      changes.push({
        field: 'time',
        from: eventWhenOf(ctx, event),
        to: whenOf(ctx, asLocal(ctx, input.start), asLocal(ctx, input.end), false),
      });
    if (input.location !== undefined && (input.location || null) !== event.location)
      changes.push({ field: 'place', from: event.location, to: input.location || null });
    const attendees = await othersInvited(env, event);
    // A new time the person named is checked against the attendees' visible calendars, and
    // who is busy then is said in the request, before the YES (decision 561).
    const newStart = input.start && input.end ? toInstant(input.start, ctx.timeZone) : null;
    const newEnd = input.start && input.end ? toInstant(input.end, ctx.timeZone) : null;
    const busy =
      newStart && newEnd && newEnd > newStart
        ? await busyAttendeesAt(
            env.deps,
            { userId: ctx.user.id, zone: ctx.timeZone, event, attendees },
            { start: newStart, end: newEnd },
          )
        : [];
    return requestApproval(
      env,
      'calendar_update_event',
      {
        kind: 'update_event',
        connectionId: input.connectionId,
        eventId: input.eventId,
        patch: { ...patch, sendUpdates: true },
      },
      {
        title: event.title,
        when:
          input.start && input.end ? toInstant(input.start, ctx.timeZone) : event.allDay ? null : event.start,
        connectionId: input.connectionId,
        recipients: attendees,
        lines: [
          say(ctx.language, 'lineEvent', { title: event.title, when: eventWhenOf(ctx, event) }),
          ...changes.map((change) => changeLine(ctx, change)),
          ...(busy.length ? [say(ctx.language, 'lineBusyThen', { people: busy.join(', ') })] : []),
        ],
        body: null,
        changes,
      },
    );
  });
