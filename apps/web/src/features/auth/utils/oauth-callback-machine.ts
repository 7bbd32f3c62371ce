import '@/lib/zod-config';
import { z } from 'zod';
import { paths } from '@/config/paths';
import type { TOAuthCallbackResult } from './oauth-callback-params';

/** Why a callback failed; turned into words when shown, so the language switch applies. */
export type CallbackFailure =
  /** A code the address carried (OAUTH_DENIED, ...), or none: 'OAuth authentication failed.' */
  | { reason: 'reported'; code: string | null }
  | { reason: 'sessionFailed' | 'sessionNotFound' | 'noData' }
  /** The code-based flow's call failed: 'Failed to connect {provider}.' or the server's text. */
  | { reason: 'connectFailed'; error: unknown };

/**
 * The OAuth callback screen (spec §2, §4) as a state machine. The reducer only decides; the
 * screen does the work a state asks for (a request, storing a session) and reports its outcome
 * as an event, so every path through the callback is a row of `oauthCallbackReducer`.
 *
 *   reading ──read──> exchangingTicket ──signedIn──> done
 *      │                  └──sessionRefused──> failed
 *      ├──read──> storingSession ──signedIn / sessionRefused──> done / failed
 *      ├──read──> exchangingCode ──codeAnswered / codeFailed──> done / failed
 *      └──read──> done (a connection confirmed) | failed (nothing, a failure, a guard refused)
 */
export type CallbackState =
  /** The address has not been read yet. */
  | { step: 'reading' }
  /** A sign-in's one-time ticket is being traded for a session (design §4). */
  | { step: 'exchangingTicket'; ticket: string; to: string }
  /** The spec's legacy form: the session token came in the address and is to be stored. */
  | {
      step: 'storingSession';
      sessionToken: string;
      user: { account_id: string | null; email: string | null; name: string | null };
      to: string;
    }
  /** The spec's code-based flow: the provider's code is with the server. */
  | { step: 'exchangingCode'; code: string; state: string | null }
  | { step: 'done'; email: string | null; to: string }
  | { step: 'failed'; failure: CallbackFailure };

export type CallbackEvent =
  /**
   * The address has been read. `startedHere`: this tab started a flow with this provider;
   * `signedIn`: someone is signed in on this device; `returnTo`: where success leads.
   */
  | {
      type: 'read';
      result: TOAuthCallbackResult;
      startedHere: boolean;
      signedIn: boolean;
      returnTo: string;
    }
  /** The ticket bought a session, or the legacy session was stored. */
  | { type: 'signedIn'; email: string | null | undefined }
  /** The ticket was refused, or the legacy session could not be stored (no account id). */
  | { type: 'sessionRefused' }
  | { type: 'codeAnswered'; success: boolean; email: string | null | undefined }
  | { type: 'codeFailed'; error: unknown };

export const initialCallbackState: CallbackState = { step: 'reading' };

/** Only an address that is one is shown back ("Connected as ..."). */
function displayEmail(value: string | null | undefined): string | null {
  return value && z.email().safeParse(value).success ? value : null;
}

const failed = (failure: CallbackFailure): CallbackState => ({ step: 'failed', failure });
const done = (email: string | null | undefined, to: string): CallbackState => ({
  step: 'done',
  email: displayEmail(email),
  to,
});

function onRead(event: Extract<CallbackEvent, { type: 'read' }>): CallbackState {
  const { result, startedHere, signedIn, returnTo } = event;
  switch (result.kind) {
    case 'nothing':
      return failed({ reason: 'noData' });
    case 'failure':
      return failed({ reason: 'reported', code: result.code });
    case 'signin':
      // A session is only made for a sign-in this tab started (a stranger's link cannot sign
      // this browser into another account).
      if (!result.ticket || !startedHere) return failed({ reason: 'sessionFailed' });
      return { step: 'exchangingTicket', ticket: result.ticket, to: returnTo };
    case 'session':
      if (!startedHere) return failed({ reason: 'sessionFailed' });
      return { step: 'storingSession', sessionToken: result.sessionToken, user: result.user, to: returnTo };
    case 'connect':
      // Spec §4: connecting and the code-based flow need someone signed in on this device.
      if (!signedIn) return failed({ reason: 'sessionNotFound' });
      return done(result.email, returnTo);
    case 'code':
      if (!signedIn) return failed({ reason: 'sessionNotFound' });
      return { step: 'exchangingCode', code: result.code, state: result.state };
  }
}

/** Every transition of the callback; an event that does not belong to the current state changes nothing. */
export function oauthCallbackReducer(state: CallbackState, event: CallbackEvent): CallbackState {
  switch (state.step) {
    case 'reading':
      return event.type === 'read' ? onRead(event) : state;
    case 'exchangingTicket':
    case 'storingSession':
      if (event.type === 'signedIn') return done(event.email, state.to);
      if (event.type === 'sessionRefused') return failed({ reason: 'sessionFailed' });
      return state;
    case 'exchangingCode':
      // The code flow's own destination (spec §2): /calendar/settings.
      if (event.type === 'codeAnswered')
        return event.success
          ? done(event.email, paths.calendarSettings)
          : failed({ reason: 'connectFailed', error: null });
      if (event.type === 'codeFailed') return failed({ reason: 'connectFailed', error: event.error });
      return state;
    case 'done':
    case 'failed':
      return state;
  }
}
