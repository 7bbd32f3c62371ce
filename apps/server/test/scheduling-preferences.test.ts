import { describe, expect, it } from 'vitest';
import { preferencesFromMemories } from '../src/modules/scheduling/preferences';

const read = (...memories: string[]) => preferencesFromMemories(memories);

describe('preferencesFromMemories', () => {
  it.each([
    ['I prefer meetings after 10', { avoid: [], notBefore: '10:00' }],
    ['no meetings before 9:30', { avoid: [], notBefore: '09:30' }],
    ['No meetings before 9.30 a.m.', { avoid: [], notBefore: '09:30' }],
    ['no meetings after 5', { avoid: [], notAfter: '17:00' }],
    ['I only take calls before 4pm', { avoid: [], notAfter: '16:00' }],
    ["I'd rather meet between 10 and 4", { avoid: [], notBefore: '10:00', notAfter: '16:00' }],
    [
      'No meetings between 12 and 1',
      {
        avoid: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, from: '12:00', to: '13:00' })),
      },
    ],
    ['no meetings Friday afternoon', { avoid: [{ weekday: 5, from: '12:00', to: '24:00' }] }],
    ['No meetings on Friday afternoons.', { avoid: [{ weekday: 5, from: '12:00', to: '24:00' }] }],
    ['no meetings on Fridays after 3', { avoid: [{ weekday: 5, from: '15:00', to: '24:00' }] }],
    ['not on Mondays', { avoid: [], noMeetingDays: [1] }],
    ['Never on weekends', { avoid: [], noMeetingDays: [6, 7] }],
    ['No morning meetings', { avoid: [], notBefore: '12:00' }],
    ['Meetings only in the afternoon', { avoid: [], notBefore: '12:00' }],
    [
      "Please don't schedule anything before 10am on Mondays",
      { avoid: [{ weekday: 1, from: '00:00', to: '10:00' }] },
    ],
    ['Never before 9', { avoid: [], notBefore: '09:00' }],
    ['我喜欢10点以后开会', { avoid: [], notBefore: '10:00' }],
    ['每周一不开会', { avoid: [], noMeetingDays: [1] }],
    ['周三上午不开会', { avoid: [{ weekday: 3, from: '00:00', to: '12:00' }] }],
    ['不要在周五下午安排会议', { avoid: [{ weekday: 5, from: '12:00', to: '24:00' }] }],
    ['我不喜欢十点以前开会', { avoid: [], notBefore: '10:00' }],
    ['上午9点半以前不开会', { avoid: [], notBefore: '09:30' }],
    ['下午5点以后不要安排会议', { avoid: [], notAfter: '17:00' }],
    ['周五下午不开会', { avoid: [{ weekday: 5, from: '12:00', to: '24:00' }] }],
    ['星期一不开会', { avoid: [], noMeetingDays: [1] }],
    ['周末不开会', { avoid: [], noMeetingDays: [6, 7] }],
    ['我最好在10点到12点之间开会', { avoid: [], notBefore: '10:00', notAfter: '12:00' }],
  ])('reads %j', (text, expected) => {
    expect(read(text)).toEqual(expected);
  });

  it.each([
    'I had a meeting after 10 yesterday',
    'Priya prefers meetings after 10',
    'No sugar before 10',
    'My dentist is on Monday',
    'after 10',
    'Call mum on Sundays',
    'I like to run after 6',
    '我喜欢周二',
    'Priya周五不开会',
    '我周一有会',
    '',
  ])('ignores %j: no rule about the person’s own meetings is guessed', (text) => {
    expect(read(text)).toEqual({ avoid: [] });
  });

  it('reads several memories and clauses, the stricter rule winning', () => {
    expect(
      read(
        'I prefer meetings after 9',
        'no meetings before 10:30, and not on Mondays',
        '我喜欢10点以后开会，周五下午不开会',
      ),
    ).toEqual({
      avoid: [{ weekday: 5, from: '12:00', to: '24:00' }],
      notBefore: '10:30',
      noMeetingDays: [1],
    });
    expect(read('no meetings after 6pm', 'no meetings after 5')).toEqual({ avoid: [], notAfter: '17:00' });
  });

  it('gives the same preferences for the same memories', () => {
    const memories = ['no meetings Friday afternoon', '周一不开会', 'I prefer meetings after 10'];
    expect(read(...memories)).toEqual(read(...memories));
  });
});
