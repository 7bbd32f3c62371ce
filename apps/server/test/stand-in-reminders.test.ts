import { describe, expect, it } from 'vitest';
import { detectIntent } from '../src/providers/llm/stand-in-intent';

// Wednesday 25 Nov 2026, 10:40 local.
const now = { date: '2026-11-25', time: '10:40' };
const WEEKDAYS = 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR';

describe('the stand-in reads reminder requests (en and zh)', () => {
  it.each([
    [
      'remind me to call mom at 6pm',
      { what: 'call mom', at: '2026-11-25T18:00', inMinutes: null, rrule: null },
    ],
    ['提醒我6点给妈妈打电话', { what: '给妈妈打电话', at: '2026-11-25T18:00', inMinutes: null, rrule: null }],
    ['remind me in 10 minutes to check the oven', { what: 'check the oven', at: null, inMinutes: 10 }],
    ['10分钟后提醒我看烤箱', { what: '看烤箱', at: null, inMinutes: 10 }],
    ['remind me tomorrow morning to pay rent', { what: 'pay rent', at: '2026-11-26T09:00', rrule: null }],
    ['明天早上提醒我交房租', { what: '交房租', at: '2026-11-26T09:00', rrule: null }],
    [
      'every weekday at 8 tell me my first meeting',
      { what: 'tell me my first meeting', at: '2026-11-25T08:00', rrule: WEEKDAYS, agent: true },
    ],
    [
      '每个工作日8点告诉我第一个会',
      { what: '告诉我第一个会', at: '2026-11-25T08:00', rrule: WEEKDAYS, agent: true },
    ],
    [
      'every day at 9pm remind me to take my pills',
      { what: 'take my pills', rrule: 'FREQ=DAILY', agent: false },
    ],
  ])('%s', (text, expected) => {
    expect(detectIntent(text, now)).toMatchObject({ kind: 'remind', ...expected });
  });

  it.each([
    ['remind me the day before the dentist', { kind: 'remind-event', query: 'dentist' }],
    ['牙医前一天提醒我', { kind: 'remind-event', query: '牙医' }],
    ['what reminders do I have?', { kind: 'reminders-list' }],
    ['我有哪些提醒', { kind: 'reminders-list' }],
    ['cancel the rent one', { kind: 'reminder-cancel', query: 'rent' }],
    ['取消房租那个', { kind: 'reminder-cancel', query: '房租' }],
    ['remind me to call mom', { kind: 'remind-needs-time' }],
    ['remind me today at 9am to stretch', { kind: 'remind-past', time: '09:00' }],
  ])('%s', (text, expected) => {
    expect(detectIntent(text, now)).toMatchObject(expected);
  });

  it('still reads events, cancels and repeats that are not reminders as before', () => {
    expect(detectIntent('cancel my 3pm meeting', now).kind).toBe('cancel-event');
    expect(detectIntent('取消明天的会', now).kind).toBe('cancel-event');
    expect(detectIntent('delete the meeting on Friday', now).kind).toBe('change-event');
    expect(detectIntent('book gym every Monday at 7', now).kind).toBe('book-repeat');
    expect(detectIntent('tell me my first meeting', now).kind).toBe('events');
  });
});
