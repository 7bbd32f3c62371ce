import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import {
  type CallbackEvent,
  type CallbackState,
  initialCallbackState,
  oauthCallbackReducer,
} from '../utils/oauth-callback-machine';
import type { TOAuthCallbackResult } from '../utils/oauth-callback-params';

const read = (
  result: TOAuthCallbackResult,
  { startedHere = true, signedIn = true, returnTo = '/billing' } = {},
): CallbackEvent => ({ type: 'read', result, startedHere, signedIn, returnTo });

const from = (state: CallbackState, ...events: CallbackEvent[]) => events.reduce(oauthCallbackReducer, state);

const user = { account_id: 'u-1', email: 'ada@example.com', name: 'Ada' };

describe('the OAuth callback state machine (issue 19, 3.5)', () => {
  it('starts by reading the address', () => {
    expect(initialCallbackState).toEqual({ step: 'reading' });
  });

  it.each<[string, CallbackEvent, CallbackState]>([
    ['nothing in the address', read({ kind: 'nothing' }), { step: 'failed', failure: { reason: 'noData' } }],
    [
      'a reported failure keeps its code',
      read({ kind: 'failure', code: 'OAUTH_DENIED' }),
      { step: 'failed', failure: { reason: 'reported', code: 'OAUTH_DENIED' } },
    ],
    [
      'a sign-in this tab started: the ticket is exchanged',
      read({ kind: 'signin', ticket: 't-1' }),
      { step: 'exchangingTicket', ticket: 't-1', to: '/billing' },
    ],
    [
      'a sign-in without a ticket',
      read({ kind: 'signin', ticket: null }),
      { step: 'failed', failure: { reason: 'sessionFailed' } },
    ],
    [
      'a sign-in this tab did not start (a stranger’s link)',
      read({ kind: 'signin', ticket: 't-1' }, { startedHere: false }),
      { step: 'failed', failure: { reason: 'sessionFailed' } },
    ],
    [
      'a legacy session token this tab asked for: stored',
      read({ kind: 'session', sessionToken: 'tok', user }),
      { step: 'storingSession', sessionToken: 'tok', user, to: '/billing' },
    ],
    [
      'a legacy session token from elsewhere',
      read({ kind: 'session', sessionToken: 'tok', user }, { startedHere: false }),
      { step: 'failed', failure: { reason: 'sessionFailed' } },
    ],
    [
      'a connection for someone signed in: done at once',
      read({ kind: 'connect', email: 'ada@work.example' }),
      { step: 'done', email: 'ada@work.example', to: '/billing' },
    ],
    [
      'a connection with no one signed in',
      read({ kind: 'connect', email: 'ada@work.example' }, { signedIn: false }),
      { step: 'failed', failure: { reason: 'sessionNotFound' } },
    ],
    [
      'a code for someone signed in: handed to the server',
      read({ kind: 'code', code: 'c-1', state: 's-1' }),
      { step: 'exchangingCode', code: 'c-1', state: 's-1' },
    ],
    [
      'a code with no one signed in',
      read({ kind: 'code', code: 'c-1', state: null }, { signedIn: false }),
      { step: 'failed', failure: { reason: 'sessionNotFound' } },
    ],
  ])('reading %s', (_, event, next) => {
    expect(oauthCallbackReducer(initialCallbackState, event)).toEqual(next);
  });

  it('shows back only an email address that is one', () => {
    expect(from(initialCallbackState, read({ kind: 'connect', email: '<b>x</b>' }))).toEqual({
      step: 'done',
      email: null,
      to: '/billing',
    });
  });

  it.each(['exchangingTicket', 'storingSession'] as const)(
    '%s ends signed in (to where the flow returns) or refused',
    (step) => {
      const working = from(
        initialCallbackState,
        step === 'exchangingTicket'
          ? read({ kind: 'signin', ticket: 't-1' })
          : read({ kind: 'session', sessionToken: 'tok', user }),
      );
      expect(working.step).toBe(step);
      expect(from(working, { type: 'signedIn', email: 'ada@example.com' })).toEqual({
        step: 'done',
        email: 'ada@example.com',
        to: '/billing',
      });
      expect(from(working, { type: 'sessionRefused' })).toEqual({
        step: 'failed',
        failure: { reason: 'sessionFailed' },
      });
    },
  );

  it('the code flow goes to /calendar/settings, or fails naming what the server said', () => {
    const working = from(initialCallbackState, read({ kind: 'code', code: 'c-1', state: null }));
    expect(from(working, { type: 'codeAnswered', success: true, email: 'ada@example.com' })).toEqual({
      step: 'done',
      email: 'ada@example.com',
      to: paths.calendarSettings,
    });
    expect(from(working, { type: 'codeAnswered', success: false, email: null })).toEqual({
      step: 'failed',
      failure: { reason: 'connectFailed', error: null },
    });
    const error = new Error('refused');
    expect(from(working, { type: 'codeFailed', error })).toEqual({
      step: 'failed',
      failure: { reason: 'connectFailed', error },
    });
  });

  it('ignores an event that does not belong to the state it arrives in', () => {
    const working = from(initialCallbackState, read({ kind: 'signin', ticket: 't-1' }));
    // A second reading (React running the effect twice) or another flow's outcome changes nothing.
    expect(from(working, read({ kind: 'nothing' }))).toBe(working);
    expect(from(working, { type: 'codeFailed', error: null })).toBe(working);
    expect(from(initialCallbackState, { type: 'signedIn', email: null })).toBe(initialCallbackState);
    const finished = from(working, { type: 'signedIn', email: null });
    expect(from(finished, { type: 'sessionRefused' })).toBe(finished);
    const failed = from(initialCallbackState, read({ kind: 'nothing' }));
    expect(from(failed, { type: 'signedIn', email: null })).toBe(failed);
  });
});
