import { DEFAULT_COUNTRY, type TCountry } from '@app/contract/countries';
import { Button, Stack } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PhoneNumberField } from '@/components/phone-number-field';
import { paths } from '@/config/paths';
import { detectDefaultCountry } from '@/lib/default-country';
import { errorText } from '@/lib/error-text';
import { toLanguage } from '@/lib/i18n';
import { usePhoneRules } from '@/lib/phone-rules';
import { storageKeys, writeLocal } from '@/lib/storage';
import { loadSendVerificationCodeRoute, useSendVerificationCode } from '../api/send-verification-code';

/** The phone sign-in form (spec §2 "Phone number page"): country, number, Next. */
export function PhoneForm() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [country, setCountry] = useState<TCountry>(DEFAULT_COUNTRY);
  const chosen = useRef(false);
  const [digits, setDigits] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = useSendVerificationCode();
  const inputId = useId();
  const phone = usePhoneRules();
  const { rules } = phone;

  // Digits typed before the rules arrived are cleaned by them once they are here.
  useEffect(() => {
    if (rules) setDigits((current) => rules.cleanPhoneInput(country, current));
  }, [rules, country]);

  useEffect(() => {
    let active = true;
    void detectDefaultCountry().then((detected) => {
      // A country the person picked meanwhile is never overridden.
      if (active && !chosen.current) setCountry(detected);
    });
    return () => {
      active = false;
    };
  }, []);

  const e164 = rules?.toE164(country, digits) ?? null;
  const submit = () => {
    if (!e164 || send.isPending) return;
    setError(null);
    send.mutate(
      { phoneNumber: e164, language: toLanguage(i18n.resolvedLanguage) },
      {
        onSuccess: (result) => {
          writeLocal(storageKeys.pendingPhoneNumber, e164);
          writeLocal(storageKeys.phoneVerified, 'false');
          navigate(paths.verification, { state: { resendAfterSeconds: result.resendAfterSeconds } });
        },
        onError: (failure) => {
          console.error('Failed to send verification code', failure);
          setError(errorText(failure, t('errors:unknown')));
        },
      },
    );
  };

  return (
    <form
      noValidate
      // Whoever starts on the form is about to type a number and send it: fetch what that needs.
      onFocusCapture={() => {
        phone.load();
        void loadSendVerificationCodeRoute();
      }}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm">
        <PhoneNumberField
          id={inputId}
          name="phone"
          label={t('phone.label')}
          size="md"
          rules={rules}
          country={country}
          digits={digits}
          onCountryChange={(next, cleaned) => {
            chosen.current = true;
            setCountry(next);
            setDigits(cleaned);
            setError(null);
          }}
          onDigitsChange={(next) => {
            setDigits(next);
            setError(null);
          }}
          onTyping={phone.load}
          error={error}
          hint={digits && rules && !e164 ? t('errors:invalidPhone') : t('phone.hint')}
          disabled={send.isPending}
        />
        <Button type="submit" size="md" disabled={!e164 || send.isPending} loading={send.isPending}>
          {t('phone.next')}
        </Button>
      </Stack>
    </form>
  );
}
