import { describe, expect, it } from 'vitest';
import { detectSchedule, scheduleInput } from '../src/providers/llm/stand-in-schedule';

/** Wednesday 25 Nov 2026, 10:40 local: next week is Mon 30 Nov to Mon 7 Dec. */
const now = { date: '2026-11-25', time: '10:40' };

describe('the stand-in finding a time with others', () => {
  it('reads "find 30 minutes with Priya next week" as next Monday to the Monday after', () => {
    const intent = detectSchedule('find 30 minutes with Priya next week', now);
    expect(intent).toEqual({
      attendees: ['Priya'],
      minutes: 30,
      window: { from: '2026-11-30', to: '2026-12-07' },
      lang: 'en',
    });
    expect(scheduleInput(intent!, 'en')).toMatchObject({ title: 'Meeting with Priya', durationMinutes: 30 });
  });

  it('reads two names and "before Friday" as today up to Friday', () => {
    expect(detectSchedule('set up 30 minutes with Sam and Mei before Friday', now)).toMatchObject({
      attendees: ['Sam', 'Mei'],
      minutes: 30,
      window: { from: '2026-11-25', to: '2026-11-27' },
    });
  });

  it('reads the Chinese shapes', () => {
    expect(detectSchedule('找个时间和Priya开30分钟会，下周', now)).toMatchObject({
      attendees: ['Priya'],
      minutes: 30,
      window: { from: '2026-11-30', to: '2026-12-07' },
      lang: 'zh',
    });
    expect(detectSchedule('下周和王芳约30分钟', now)).toMatchObject({ attendees: ['王芳'], minutes: 30 });
  });

  it('reads "and hold the times" (先帮我占着这些时间) as asking for holds, and only then', () => {
    const held = detectSchedule('find 30 minutes with Priya next week and hold the times', now);
    expect(held).toMatchObject({ attendees: ['Priya'], window: { from: '2026-11-30' }, hold: true });
    expect(scheduleInput(held!, 'en')).toMatchObject({ attendees: ['Priya'], hold: true });
    expect(detectSchedule('find 30 minutes with Priya next week, hold them for me.', now)?.hold).toBe(true);
    expect(detectSchedule('下周和王芳约30分钟，先帮我占着这些时间', now)).toMatchObject({
      attendees: ['王芳'],
      minutes: 30,
      hold: true,
    });
    expect(detectSchedule('找个时间和Priya开30分钟会，下周。先帮我占着这些时间。', now)?.hold).toBe(true);
    expect(scheduleInput(detectSchedule('下周和王芳约30分钟', now)!, 'zh')).not.toHaveProperty('hold');
  });

  it('leaves other texts alone', () => {
    expect(detectSchedule('book lunch with Sam tomorrow at 12', now)).toBeNull();
    expect(detectSchedule('move my 3pm to tomorrow', now)).toBeNull();
    expect(detectSchedule('find 30 minutes with Priya next week', null)).toBeNull();
  });
});
