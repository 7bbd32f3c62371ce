import type { TOAuthProvider } from '@app/contract/common';
import { DELAYS_MS } from '@app/contract/constants';
import { Button, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { errorText, reportedErrorText } from '@/lib/error-text';
import { isMobile } from '@/lib/is-mobile';
import { oauthReturnState } from '@/lib/oauth-return';
import { safeReturnPath } from '@/lib/return-path';
import { createUserSession, getSessionToken, getStoredUser } from '@/lib/session';
import { readSession, removeSession, sessionStorageKeys } from '@/lib/storage';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useExchangeLoginTicket } from '../api/exchange-login-ticket';
import { useExchangeOAuthCode } from '../api/exchange-oauth-code';
import {
  type CallbackFailure,
  type CallbackState,
  initialCallbackState,
  oauthCallbackReducer,
} from '../utils/oauth-callback-machine';
import { readOAuthCallback, type TOAuthCallbackResult } from '../utils/oauth-callback-params';
import { AuthScreen } from './auth-screen';

/** What a sign-in started on this tab left in session storage (spec §3, §4), taken once. */
function takeStartedFlow(): { returnUrl: string | null; provider: string | null } {
  const started = {
    returnUrl: readSession(sessionStorageKeys.oauthReturnUrl),
    provider: readSession(sessionStorageKeys.oauthProvider),
  };
  removeSession(sessionStorageKeys.oauthReturnUrl);
  removeSession(sessionStorageKeys.oauthProvider);
  return started;
}

/** Spec §4: connecting and the code-based flow need someone signed in on this device. */
function hasSessionUser(): boolean {
  return getSessionToken() !== null && getStoredUser() !== null;
}

/**
 * The spec's OAuth callback screen (§2, §4), for /google, /azure, /facebook and /calendar/callback.
 *
 * Reads what the server put in the fragment (design §4) or the spec's query parameters, removes
 * all of it from the address bar before anything else happens, then signs in (ticket or legacy
 * token), or confirms a connection, or hands a code to the server. On success it moves on after
 * 2 s: to the stored return path on a phone when this tab started the flow with this provider,
 * otherwise to /integrations (the code flow to /calendar/settings). Which of these happens is
 * decided by `oauthCallbackReducer`; this screen does the work each state asks for.
 */
export function OAuthCallbackPage({ provider }: { provider: TOAuthProvider }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  // Read once, from the address the page opened with; the cleaned address has nothing left.
  const [result] = useState<TOAuthCallbackResult>(() => readOAuthCallback(location));
  const [popup] = useState(() => Boolean(window.opener) && window.opener !== window);
  const [state, dispatch] = useReducer(oauthCallbackReducer, initialCallbackState);
  const { mutateAsync: exchangeTicket } = useExchangeLoginTicket();
  const { mutateAsync: exchangeCode } = useExchangeOAuthCode();
  const { pathname } = location;

  const read = useRef(false);
  useEffect(() => {
    // Once per page, even when React runs effects twice: the started flow is taken once.
    if (read.current) return;
    read.current = true;
    // Nothing (ticket, token, email) may stay in the address bar or the history entry.
    navigate({ pathname, search: '', hash: '' }, { replace: true });
    const flow = takeStartedFlow();
    const startedHere = flow.provider === provider;
    dispatch({
      type: 'read',
      result,
      startedHere,
      signedIn: hasSessionUser(),
      returnTo: isMobile() && startedHere ? safeReturnPath(flow.returnUrl) : paths.integrations,
    });
  }, [navigate, pathname, provider, result]);

  // Each state's work is done once, even when React runs effects twice: a ticket works only once.
  const worked = useRef<CallbackState | null>(null);
  useEffect(() => {
    if (worked.current === state) return;
    worked.current = state;
    switch (state.step) {
      case 'exchangingTicket':
        exchangeTicket({ ticket: state.ticket, provider }).then(
          (user) => dispatch({ type: 'signedIn', email: user.email }),
          () => dispatch({ type: 'sessionRefused' }),
        );
        return;
      case 'storingSession':
        try {
          createUserSession(state.user, state.sessionToken, provider);
          dispatch({ type: 'signedIn', email: state.user.email });
        } catch {
          // 'Account ID is required for user session': nothing was stored.
          dispatch({ type: 'sessionRefused' });
        }
        return;
      case 'exchangingCode':
        exchangeCode({ provider, code: state.code, state: state.state }).then(
          (answer) => dispatch({ type: 'codeAnswered', success: answer.success, email: answer.user?.email }),
          (error: unknown) => dispatch({ type: 'codeFailed', error }),
        );
        return;
    }
  }, [state, provider, exchangeTicket, exchangeCode]);

  useEffect(() => {
    if (state.step !== 'done') return;
    const timer = setTimeout(
      () => navigate(state.to, { replace: true, state: oauthReturnState(provider) }),
      DELAYS_MS.afterOAuth,
    );
    return () => clearTimeout(timer);
  }, [state, navigate, provider]);

  const view = state.step === 'done' || state.step === 'failed' ? state : { step: 'working' as const };
  const providerName = t(`oauthCallback.providers.${provider}`);
  const failureText = (failure: CallbackFailure): string => {
    switch (failure.reason) {
      case 'reported':
        return reportedErrorText(failure.code, t('errors:codes.OAUTH_FAILED'));
      case 'connectFailed':
        return errorText(failure.error, t('oauthCallback.providerFailed', { provider: providerName }));
      case 'sessionFailed':
        // The server's own text for a refused ticket, from the shared catalogue.
        return t('errors:ticketInvalid');
      default:
        return t(`oauthCallback.${failure.reason}`);
    }
  };

  const title =
    view.step === 'done'
      ? t('oauthCallback.doneTitle')
      : view.step === 'failed'
        ? t('oauthCallback.failedTitle')
        : t('oauthCallback.title');
  useDocumentTitle(title);

  return (
    <AuthScreen>
      <Stack gap="lg" align="center" ta="center" py="md">
        {view.step === 'working' ? (
          <Loader size="lg" aria-hidden />
        ) : (
          <ThemeIcon
            size={64}
            radius="xl"
            variant="light"
            color={view.step === 'done' ? 'teal' : 'red'}
            aria-hidden
          >
            {view.step === 'done' ? <IconCircleCheck size={36} /> : <IconAlertTriangle size={36} />}
          </ThemeIcon>
        )}
        <Title order={1} fz={24}>
          {title}
        </Title>

        {view.step === 'working' ? (
          <Text role="status" c="dimmed">
            {t('oauthCallback.connecting')}
          </Text>
        ) : null}

        {view.step === 'done' ? (
          <>
            <Stack role="status" gap={4}>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {view.email
                  ? t('oauthCallback.connectedAs', { email: view.email })
                  : t('oauthCallback.connected')}
              </Text>
              <Text c="dimmed">{t('oauthCallback.redirecting')}</Text>
            </Stack>
            <Button
              size="md"
              fullWidth
              onClick={() => navigate(view.to, { replace: true, state: oauthReturnState(provider) })}
            >
              {t('oauthCallback.continue')}
            </Button>
          </>
        ) : null}

        {view.step === 'failed' ? (
          <>
            <Text role="alert" style={{ textWrap: 'pretty' }}>
              {failureText(view.failure)}
            </Text>
            {popup ? (
              <Button size="md" fullWidth variant="default" onClick={() => window.close()}>
                {t('oauthCallback.closeWindow')}
              </Button>
            ) : (
              <Button size="md" fullWidth onClick={() => navigate(paths.calendarSettings, { replace: true })}>
                {t('oauthCallback.returnToSettings')}
              </Button>
            )}
          </>
        ) : null}
      </Stack>
    </AuthScreen>
  );
}
