import { describe, expect, it } from 'vitest';
import { parseAddressList } from '../src/providers/mailbox/rfc5322-address';

/** The addresses of a mail's From, To and Cc, as Gmail's headers give them (RFC 5322 §3.4). */
describe('parseAddressList', () => {
  it.each([
    ['"Doe, Jane" <jane@x.org>', [{ email: 'jane@x.org', name: 'Doe, Jane' }]],
    [
      'Jane <jane@x.org>, bob@x.org',
      [
        { email: 'jane@x.org', name: 'Jane' },
        { email: 'bob@x.org', name: null },
      ],
    ],
    ['jane@x.org (Jane)', [{ email: 'jane@x.org', name: 'Jane' }]],
    [
      'team: a@x.org, b@x.org (B);',
      [
        { email: 'a@x.org', name: null },
        { email: 'b@x.org', name: 'B' },
      ],
    ],
    ['=?UTF-8?B?SsO2cmc=?= <j@x.org>', [{ email: 'j@x.org', name: 'Jörg' }]],
    ['"Bob \\"B\\"" <bob@x.org>', [{ email: 'bob@x.org', name: 'Bob "B"' }]],
    ['undisclosed-recipients:;', []],
  ])('reads %s', (value, expected) => {
    expect(parseAddressList(value)).toEqual(expected);
  });

  it('leaves out what a reply-all could not write back as one plain address', () => {
    // A quoted local part with a comma, a comma inside angle brackets, no address at all.
    expect(parseAddressList('"a,b"@x.org')).toEqual([]);
    expect(parseAddressList('<a@x.org, b@x.org>')).toEqual([]);
    expect(parseAddressList('just a name')).toEqual([]);
    expect(parseAddressList('')).toEqual([]);
    expect(parseAddressList(null)).toEqual([]);
  });
});
