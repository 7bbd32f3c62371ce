import { describe, expect, it } from 'vitest';
import { readOAuthCallback } from '../utils/oauth-callback-params';

const TICKET = 't'.repeat(32);
const read = (hash: string, search = '') => readOAuthCallback({ hash, search });

describe('readOAuthCallback: the fragment our server sends (design §4)', () => {
  it('reads a sign-in with its ticket', () => {
    expect(
      read(`#success=true&purpose=signin&ticket=${TICKET}&account_id=a1&email=ada%40example.com&name=Ada`),
    ).toEqual({ kind: 'signin', ticket: TICKET });
  });

  it('reads a sign-in without a ticket as one that cannot make a session', () => {
    expect(read('#success=true&purpose=signin&account_id=a1&email=&name=')).toEqual({
      kind: 'signin',
      ticket: null,
    });
  });

  it('reads a connection with the email', () => {
    expect(read('#success=true&purpose=connect&account_id=a1&email=ada%40example.com&name=Ada')).toEqual({
      kind: 'connect',
      email: 'ada@example.com',
    });
  });

  it('reads a failure with its code, leaving any message aside', () => {
    expect(read('#success=false&error=OAUTH_DENIED&message=Call%20this%20number')).toEqual({
      kind: 'failure',
      code: 'OAUTH_DENIED',
    });
  });

  it('reads a fragment the contract refuses as a failure without a code', () => {
    expect(read('#success=true&purpose=signin&ticket=short&account_id=a1&email=&name=')).toEqual({
      kind: 'failure',
      code: null,
    });
    expect(read('#success=maybe')).toEqual({ kind: 'failure', code: null });
  });

  it('prefers the fragment to the query', () => {
    expect(read('#success=false&error=OAUTH_FAILED', '?sessionToken=x&account_id=a1')).toEqual({
      kind: 'failure',
      code: 'OAUTH_FAILED',
    });
  });
});

describe("readOAuthCallback: the spec's query parameters (§4)", () => {
  it('reads a session token with the user fields', () => {
    expect(read('', '?success=true&account_id=a1&email=ada%40example.com&name=Ada&sessionToken=tok')).toEqual(
      {
        kind: 'session',
        sessionToken: 'tok',
        user: { account_id: 'a1', email: 'ada@example.com', name: 'Ada' },
      },
    );
  });

  it('reads a code (and its state) as the code-based flow', () => {
    expect(read('', '?code=abc&state=s1')).toEqual({ kind: 'code', code: 'abc', state: 's1' });
    expect(read('', '?code=abc')).toEqual({ kind: 'code', code: 'abc', state: null });
  });

  it('reads success=false or an error as a failure; a provider refusal is OAUTH_DENIED', () => {
    expect(read('', '?success=false')).toEqual({ kind: 'failure', code: null });
    expect(read('', '?error=access_denied&state=s1')).toEqual({ kind: 'failure', code: 'OAUTH_DENIED' });
    expect(read('', '?success=false&error=OAUTH_FAILED&code=abc')).toEqual({
      kind: 'failure',
      code: 'OAUTH_FAILED',
    });
  });

  it('reads success without a token as a connection', () => {
    expect(read('', '?success=true&account_id=a1&email=ada%40example.com')).toEqual({
      kind: 'connect',
      email: 'ada@example.com',
    });
  });

  it('reads an empty address, or unrelated parameters, as nothing received', () => {
    expect(read('', '')).toEqual({ kind: 'nothing' });
    expect(read('#top', '?utm_source=mail&code=')).toEqual({ kind: 'nothing' });
  });
});
