import { slotWords } from '../../scheduling/slot-words';
import { oneTarget } from '../../workspace/accounts';
import { searchContacts } from '../../workspace/contacts';
import { schedulingMailText } from '../scheduling/ask-others';
import { proposeSchedule } from '../scheduling/propose';
import type { Attendee } from '../scheduling/request';
import { say } from '../texts';
import { localTime } from '../tool-times';
import { requestApproval } from './approval-step';
import { defineTool, rangeOf, remember, type ToolEnv, whenOf } from './shared';

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/** A name or an address as an attendee: an address as given, a name by the person's contacts. */
async function attendeeOf(env: ToolEnv, who: string): Promise<Attendee | null> {
  const { deps, ctx } = env;
  if (EMAIL.test(who)) return { email: who.toLowerCase(), name: null, known: false, zone: null };
  const { contacts } = await searchContacts(deps.workspace, {
    userId: ctx.user.id,
    query: { q: who, limit: 5 },
  });
  const found = contacts.find((contact) => contact.emails.length > 0);
  if (!found) return null;
  remember(ctx, ...found.emails);
  return { email: found.emails[0]!.toLowerCase(), name: found.name ?? who, known: true, zone: null };
}

/**
 * Finding times with others (issue 32, decision 555): deterministic code finds the slots
 * (proposeSchedule), and the person is asked one YES that sends the offer to exactly these
 * attendees and lets a pick inside it be booked. No slot: says so and gives the next window.
 */
export const scheduleProposeTool = (env: ToolEnv) =>
  defineTool(
    env,
    'schedule_propose',
    'Finds times to meet others and offers them by mail.',
    async (input) => {
      const { deps, ctx } = env;
      const attendees: Attendee[] = [];
      for (const who of input.attendees) {
        const attendee = await attendeeOf(env, who.trim());
        if (!attendee)
          return {
            error: 'not_found',
            message: `No contact with an email for ${who}: ask for their address.`,
          };
        if (!attendees.some((a) => a.email === attendee.email)) attendees.push(attendee);
      }
      const range = rangeOf(ctx, input.from, input.to);
      const target = await oneTarget(deps.workspace, {
        userId: ctx.user.id,
        service: 'email',
        access: 'send',
      });
      const found = await proposeSchedule(deps, {
        userId: ctx.user.id,
        connectionId: target.connection.id,
        title: input.title,
        durationMinutes: input.durationMinutes,
        window: { start: range.from, end: range.to },
        attendees,
      });
      if (!found.request) {
        const next = found.nextWindow;
        const noSlot = say(ctx.language, 'scheduleNoSlot', {
          minutes: String(input.durationMinutes),
          when: windowWords(env, { start: range.from, end: range.to }),
        });
        // The first window after with time for everyone, in words (decision 588).
        const open =
          next && found.nextHasTime
            ? say(ctx.language, 'scheduleNextOpen', { when: windowWords(env, next) })
            : '';
        return {
          slots: [],
          message: open ? `${noSlot}${ctx.language === 'zh' ? '' : ' '}${open}` : noSlot,
          nextWindow: next
            ? { from: localTime(next.start, ctx.timeZone), to: localTime(next.end, ctx.timeZone) }
            : null,
        };
      }
      const names = attendees.map((a) => a.name ?? a.email).join(ctx.language === 'zh' ? '、' : ', ');
      const mail = schedulingMailText(found.request, attendees, found.slots, {
        name: ctx.user.name ?? ctx.user.email ?? '',
        zone: ctx.timeZone,
        language: ctx.language,
      });
      return requestApproval(
        env,
        'schedule_propose',
        { kind: 'ask_others', requestId: found.request.id, ...(input.hold ? { hold: true } : {}) },
        {
          title: input.title,
          when: found.slots[0]!.start,
          recipients: attendees.map((a) => a.email),
          lines: [
            say(ctx.language, 'lineSchedule', {
              title: input.title,
              minutes: String(input.durationMinutes),
              names,
            }),
            ...found.slots.map((slot, i) => `${i + 1}. ${slotWords(slot, ctx.timeZone, ctx.language)}`),
          ],
          body: mail,
        },
      );
    },
  );

/** A window in the person's words: whole local days as days, anything else with its times. */
function windowWords(env: ToolEnv, window: { start: string; end: string }): string {
  const { ctx } = env;
  const from = localTime(window.start, ctx.timeZone);
  const to = localTime(window.end, ctx.timeZone);
  const midnight = (local: string) => local.slice(11, 16) === '00:00';
  return midnight(from) && midnight(to)
    ? whenOf(ctx, from.slice(0, 10), to.slice(0, 10), true)
    : whenOf(ctx, from, to, false);
}
