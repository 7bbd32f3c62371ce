import { PHONE_MAX_DIGITS } from '@app/contract/constants';
import { DEFAULT_COUNTRY, type TCountry } from '@app/contract/countries';
import { examplePhone } from '@app/contract/phone-example';
import { Button, Group, Input, Stack, TextInput } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CountrySelect } from '@/components/country-select';
import { paths } from '@/config/paths';
import { detectDefaultCountry } from '@/lib/default-country';
import { errorText } from '@/lib/error-text';
import { toLanguage } from '@/lib/i18n';
import { type PhoneRules, usePhoneRules } from '@/lib/phone-rules';
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
        <Input.Wrapper label={t('phone.label')} labelProps={{ htmlFor: inputId }} error={error} size="md">
          <Group gap={8} wrap="nowrap" align="flex-start">
            <CountrySelect
              value={country}
              onChange={(next) => {
                chosen.current = true;
                setCountry(next);
                setDigits((current) => cleanDigits(rules, next, current));
                setError(null);
              }}
              disabled={send.isPending}
            />
            <TextInput
              id={inputId}
              style={{ flex: 1 }}
              size="md"
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              placeholder={examplePhone(country)}
              value={rules ? rules.formatPhoneInput(country, digits) : digits}
              onChange={(event) => {
                phone.load();
                setDigits(cleanDigits(rules, country, event.currentTarget.value));
                setError(null);
              }}
              maxLength={(rules ? rules.maxInputDigits(country) : PHONE_MAX_DIGITS + 1) * 2 + 4}
              error={Boolean(error)}
              aria-describedby={`${inputId}-hint`}
              disabled={send.isPending}
            />
          </Group>
          <Input.Description id={`${inputId}-hint`} mt={6}>
            {digits && rules && !e164 ? t('errors:invalidPhone') : t('phone.hint')}
          </Input.Description>
        </Input.Wrapper>
        <Button type="submit" size="md" disabled={!e164 || send.isPending} loading={send.isPending}>
          {t('phone.next')}
        </Button>
      </Stack>
    </form>
  );
}

/** The country's rules when loaded; until then digits only, as many as any country allows. */
function cleanDigits(rules: PhoneRules | null, country: TCountry, raw: string): string {
  return rules ? rules.cleanPhoneInput(country, raw) : raw.replace(/\D/g, '').slice(0, PHONE_MAX_DIGITS + 1);
}
