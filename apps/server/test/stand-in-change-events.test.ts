import { describe, expect, it } from 'vitest';
import { changeStep, detectChange } from '../src/providers/llm/stand-in-change-events';
import type { ToolOutcome } from '../src/providers/llm/stand-in-prompt';

/** Wednesday 25 Nov 2026, 10:40 local: "tomorrow" is the 26th. */
const now = { date: '2026-11-25', time: '10:40' };

const ev = (id: string, title: string, start: string, end: string, attendees: string[] = []) => ({
  id,
  connectionId: 'conn_google',
  title,
  start,
  end,
  ...(attendees.length ? { attendees } : {}),
});
const EVENTS = [
  ev('standup-25', 'Team stand-up', '2026-11-25T09:30', '2026-11-25T09:45'),
  ev('review', 'Project review', '2026-11-25T15:00', '2026-11-25T16:00', ['priya@example.com']),
  ev('standup-26', 'Team stand-up', '2026-11-26T09:30', '2026-11-26T09:45'),
  ev('lunch', 'Lunch with Sam', '2026-11-26T12:30', '2026-11-26T13:30', ['sam.okafor@example.org']),
  ev('lunch-zh', '和Sam吃午饭', '2026-11-27T12:00', '2026-11-27T13:00', ['sam.okafor@example.org']),
  ev('a', 'Design sync', '2026-11-30T16:00', '2026-11-30T16:30'),
  ev('b', 'Budget call', '2026-11-30T16:00', '2026-11-30T17:00'),
];
const listed: ToolOutcome = {
  toolName: 'calendar_list_events',
  input: {},
  output: { ok: true, value: { quoted_content: { events: EVENTS } }, partial: false },
};
const failed = () => 'failed';

function step(message: string, lang: 'en' | 'zh', outcomes: ToolOutcome[] = [listed]) {
  const intent = detectChange(message, now);
  if (!intent) throw new Error(`not read: ${message}`);
  return changeStep(intent, outcomes, lang, now, failed);
}

describe('the stand-in moves and cancels events with their attendees (issue 32)', () => {
  it('lists the next two weeks first', () => {
    expect(step('move my 3pm to tomorrow', 'en', [])).toEqual({
      type: 'call',
      toolName: 'calendar_list_events',
      input: { from: '2026-11-25', to: '2026-12-09' },
    });
  });

  it.each([
    ['move my 3pm to tomorrow', 'en'],
    ['把下午3点的会改到明天', 'zh'],
  ] as const)('%s: a day alone asks for new times for that event', (message, lang) => {
    expect(step(message, lang)).toEqual({
      type: 'call',
      toolName: 'calendar_free_busy',
      input: { from: '2026-11-26', to: '2026-11-26', connectionId: 'conn_google', eventId: 'review' },
    });
  });

  it('then offers the new times found, and how to pick one', () => {
    const times: ToolOutcome = {
      toolName: 'calendar_free_busy',
      input: {},
      output: {
        ok: true,
        partial: false,
        value: {
          newTimes: [
            { start: '2026-11-26T10:00', end: '2026-11-26T11:00' },
            { start: '2026-11-26T15:30', end: '2026-11-26T16:30' },
          ],
        },
      },
    };
    const en = step('move my 3pm to tomorrow', 'en', [listed, times]);
    expect(en).toEqual({
      type: 'text',
      text: '"Project review" (2026-11-25 15:00) could move to 2026-11-26: 1) 10:00–11:00, 2) 15:30–16:30. Say e.g. "move my 15:00 to 2026-11-26 at 10:00" and I\'ll ask your YES before the attendees are told.',
    });
    const zh = step('把下午3点的会改到明天', 'zh', [listed, times]);
    expect(zh.type === 'text' && zh.text).toContain('可以改到 2026-11-26：1) 10:00–11:00, 2) 15:30–16:30');
  });

  it.each([
    ['push the standup to 4', 'en', 'standup-26', '2026-11-26T16:00', '2026-11-26T16:15'],
    ['move my 15:00 to 2026-11-26 at 10:00', 'en', 'review', '2026-11-26T10:00', '2026-11-26T11:00'],
    ['把下午3点的会推迟到下午4点', 'zh', 'review', '2026-11-25T16:00', '2026-11-25T17:00'],
  ] as const)(
    '%s: a named time asks for the change, the same length',
    (message, lang, eventId, start, end) => {
      expect(step(message, lang)).toEqual({
        type: 'call',
        toolName: 'calendar_update_event',
        input: { connectionId: 'conn_google', eventId, start, end },
      });
    },
  );

  it.each([
    ['cancel lunch with Sam and tell him sorry', 'en', 'lunch', 'Sorry, I have to cancel "Lunch with Sam".'],
    ['取消和Sam的午饭，跟他说声抱歉', 'zh', 'lunch-zh', '抱歉，我得取消“和Sam吃午饭”。'],
    ["call off the review and tell them I'm sick", 'en', 'review', "I'm sick"],
  ] as const)('%s: one delete carrying the note', (message, lang, eventId, note) => {
    expect(step(message, lang)).toEqual({
      type: 'call',
      toolName: 'calendar_delete_event',
      input: { connectionId: 'conn_google', eventId, message: note },
    });
  });

  it('cancels without a note when none is asked for', () => {
    expect(step('cancel my 3pm', 'en')).toEqual({
      type: 'call',
      toolName: 'calendar_delete_event',
      input: { connectionId: 'conn_google', eventId: 'review' },
    });
  });

  it.each([
    [
      'move my 7pm to tomorrow',
      'en',
      'I couldn\'t find "my 7pm" in your next two weeks, so nothing was changed.',
    ],
    ['取消和王芳的晚饭', 'zh', '在接下来两周的日程里没有找到“和王芳的晚饭”，什么都没有改动。'],
  ] as const)('%s: says honestly it cannot find it', (message, lang, text) => {
    const said = step(message, lang);
    expect(said.type === 'text' && said.text).toContain(text);
  });

  it('lists the candidates when several match, and changes nothing', () => {
    const said = step('move my 4pm on Monday to 5', 'en');
    expect(said).toEqual({
      type: 'text',
      text: 'More than one event matches "my 4pm on Monday", so nothing was changed: "Design sync" (2026-11-30 16:00); "Budget call" (2026-11-30 16:00). Which one? Say its title or time.',
    });
  });

  it('never picks a time that has passed: the 09:30 stand-up of today is over', () => {
    expect(step('cancel the standup', 'en')).toMatchObject({ input: { eventId: 'standup-26' } });
  });
});
