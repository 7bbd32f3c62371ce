import { DELAYS_MS, TOAST_MS, VERIFICATION_CODE_LENGTH } from '@app/contract/constants';
import { formatE164 } from '@app/contract/phone';
import { Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { LogoMark } from '@/components/logo';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { toLanguage } from '@/lib/i18n';
import { createUserSession } from '@/lib/session';
import {
  readLocal,
  removeLocal,
  sessionStorageKeys,
  storageKeys,
  writeLocal,
  writeSession,
} from '@/lib/storage';
import { showToast } from '@/lib/toast';
import { unbreakable } from '@/lib/unbreakable';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSendVerificationCode } from '../api/send-verification-code';
import { useVerifyCode } from '../api/verify-code';
import { AuthScreen } from './auth-screen';
import { CodeInput, type CodeInputHandle } from './code-input';

function toast(color: 'green' | 'red', message: string) {
  showToast(color, message, TOAST_MS.verification);
}

function useSecondsLeft(until: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until <= now) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [until, now]);
  return Math.max(0, Math.ceil((until - now) / 1000));
}

/** /verification (spec §2): enter the 5-digit code texted to the pending number. */
export function VerificationPage() {
  // Read once: a successful verify clears it, and that must not bounce the page to sign-in.
  const [phone] = useState(() => readLocal(storageKeys.pendingPhoneNumber));
  if (!phone) return <Navigate to={paths.login} replace />;
  return <VerificationForm phone={phone} />;
}

function VerificationForm({ phone }: { phone: string }) {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t('verification.title'));
  const navigate = useNavigate();
  const location = useLocation();
  const hintId = useId();
  const boxes = useRef<CodeInputHandle>(null);
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [verified, setVerified] = useState(false);
  const initialWait = Number(
    (location.state as { resendAfterSeconds?: number } | null)?.resendAfterSeconds ?? 0,
  );
  const [resendAt, setResendAt] = useState(() => Date.now() + initialWait * 1000);
  const secondsLeft = useSecondsLeft(resendAt);
  const verify = useVerifyCode();
  const resend = useSendVerificationCode();
  const display = unbreakable(formatE164(phone));

  useEffect(() => {
    boxes.current?.focus(0);
  }, []);

  const submit = () => {
    if (verify.isPending || verified) return;
    if (code.length !== VERIFICATION_CODE_LENGTH) {
      toast('red', t('verification.invalidCode'));
      setInvalid(true);
      return;
    }
    verify.mutate(
      { phoneNumber: phone, code },
      {
        onSuccess: (result) => {
          setVerified(true);
          setInvalid(false);
          toast('green', t('verification.verificationSuccess'));
          writeLocal(storageKeys.phoneVerified, 'true');
          writeLocal(storageKeys.verifiedPhoneNumber, phone);
          removeLocal(storageKeys.pendingPhoneNumber);
          if (result.isExistingUser && result.sessionToken && result.account) {
            createUserSession(result.account, result.sessionToken, 'phone');
            setTimeout(() => navigate(paths.integrations, { replace: true }), DELAYS_MS.afterVerification);
          } else {
            if (result.verifiedPhoneToken)
              writeSession(sessionStorageKeys.verifiedPhoneToken, result.verifiedPhoneToken);
            setTimeout(() => navigate(paths.connect, { replace: true }), DELAYS_MS.afterVerification);
          }
        },
        onError: (error) => {
          // Spec §8: the server's text, else 'Invalid or expired verification code'.
          toast('red', errorText(error, t('errors:invalidCode')));
          setCode('');
          setInvalid(true);
          boxes.current?.focus(0);
        },
      },
    );
  };

  const resendCode = () => {
    resend.mutate(
      { phoneNumber: phone, language: toLanguage(i18n.resolvedLanguage) },
      {
        onSuccess: (result) => {
          toast('green', t('verification.newCodeSent'));
          setResendAt(Date.now() + result.resendAfterSeconds * 1000);
          setCode('');
          setInvalid(false);
          boxes.current?.focus(0);
        },
        onError: (error) => {
          toast('red', t('verification.failedToResend'));
          if (error instanceof ApiError && error.details.retryAfterSeconds) {
            setResendAt(Date.now() + error.details.retryAfterSeconds * 1000);
          }
        },
      },
    );
  };

  return (
    <AuthScreen
      topLeft={
        <Button
          variant="subtle"
          color="gray"
          c="dark.7"
          leftSection={<IconArrowLeft size={18} aria-hidden />}
          onClick={() => navigate(paths.login)}
        >
          {t('verification.back')}
        </Button>
      }
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="lg" align="stretch">
          <Stack gap="xs" align="center" ta="center">
            <LogoMark size={48} />
            <Title order={1} fz={24}>
              {t('verification.title')}
            </Title>
            <Text c="dimmed" id={hintId}>
              {t('verification.sentTo')}{' '}
              <Text span fw={600} c="var(--mantine-color-text)" style={{ whiteSpace: 'nowrap' }}>
                {display}
              </Text>
            </Text>
          </Stack>
          <CodeInput
            ref={boxes}
            value={code}
            onChange={(next) => {
              setCode(next);
              setInvalid(false);
            }}
            onEnter={submit}
            readOnly={verify.isPending}
            disabled={verified}
            invalid={invalid}
            describedBy={hintId}
          />
          <Button type="submit" size="md" loading={verify.isPending} disabled={verified}>
            {t('verification.verify')}
          </Button>
          <Text ta="center" fz="sm" c="dimmed" aria-live="polite">
            {secondsLeft > 0 ? (
              t('verification.resendIn', { seconds: secondsLeft })
            ) : (
              <>
                {t('verification.noCode')}{' '}
                <Anchor
                  component="button"
                  type="button"
                  fz="sm"
                  fw={600}
                  onClick={resendCode}
                  disabled={resend.isPending || verified}
                >
                  {t('verification.resend')}
                </Anchor>
              </>
            )}
          </Text>
        </Stack>
      </form>
    </AuthScreen>
  );
}
