import { describe, expect, it } from 'vitest';
import { initials } from '@/lib/initials';

describe('initials', () => {
  it.each([
    ['Ada Lovelace', 'ada@example.com', 'AL'],
    ['Grace Brewster Murray Hopper', null, 'GH'],
    ['cher', null, 'CH'],
    ['', 'jane.doe@example.com', 'JD'],
    ['User', 'sam@example.com', 'SA'],
    [null, null, '?'],
    ['张伟', null, '张伟'],
    ['  émile   zola ', null, 'ÉZ'],
  ])('%s / %s -> %s', (name, email, expected) => {
    expect(initials(name, email)).toBe(expected);
  });
});
