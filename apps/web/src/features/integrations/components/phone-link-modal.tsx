import { TOAST_MS } from '@app/contract/constants';
import { DEFAULT_COUNTRY, type TCountry } from '@app/contract/countries';
import * as phoneRules from '@app/contract/phone';
import { formatE164, toE164 } from '@app/contract/phone';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PhoneNumberField } from '@/components/phone-number-field';
import { detectDefaultCountry } from '@/lib/default-country';
import { catalogueText, errorText } from '@/lib/error-text';
import { showToast } from '@/lib/toast';
import { unbreakable } from '@/lib/unbreakable';
import { useLinkPhone } from '../api/link-phone';
import { MODAL_STYLES } from './modal-styles';

type Step = { step: 'number' } | { step: 'code'; phoneNumber: string; message: string };

/**
 * Spec §2, §4, §5: link the number the assistant answers. An empty number is refused here
 * ('Please enter a phone number'); a number the server wants proven gets a code step; success
 * closes with the spec's toast, a failure stays open with the server's text or the spec's.
 */
export function PhoneLinkModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('integrations.phoneModal.title')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
      styles={MODAL_STYLES}
    >
      {/* Mounted only while open, so every opening starts from an empty form. */}
      {opened ? <PhoneLinkForm onDone={onClose} /> : null}
    </Modal>
  );
}

function PhoneLinkForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const link = useLinkPhone();
  const [country, setCountry] = useState<TCountry>(DEFAULT_COUNTRY);
  const [chosen, setChosen] = useState(false);
  const [digits, setDigits] = useState('');
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [step, setStep] = useState<Step>({ step: 'number' });
  const numberId = useId();

  useEffect(() => {
    let active = true;
    void detectDefaultCountry().then((detected) => {
      if (active && !chosen) setCountry(detected);
    });
    return () => {
      active = false;
    };
  }, [chosen]);

  const send = (phoneNumber: string, withCode?: string) => {
    setFailure(null);
    link.mutate(
      { phoneNumber, ...(withCode ? { code: withCode } : {}) },
      {
        onSuccess: (answer) => {
          if (answer.isLinked) {
            showToast('green', catalogueText('phoneLinked'), TOAST_MS.integrations, 'bottom-center');
            onDone();
          } else if (answer.verificationRequired) {
            setStep({ step: 'code', phoneNumber, message: answer.message });
          } else {
            setFailure(catalogueText('phoneLinkFailed'));
          }
        },
        onError: (error) => setFailure(errorText(error, catalogueText('phoneLinkFailed'))),
      },
    );
  };

  const submitNumber = () => {
    if (!digits.trim()) return setFieldError(t('integrations.phoneModal.required'));
    const e164 = toE164(country, digits);
    if (!e164) return setFieldError(t('errors:invalidPhone'));
    setFieldError(null);
    send(e164);
  };

  const submitCode = (phoneNumber: string) => {
    if (!/^\d{5}$/.test(code)) return setFieldError(t('integrations.phoneModal.codeRequired'));
    setFieldError(null);
    send(phoneNumber, code);
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (link.isPending) return;
        if (step.step === 'number') submitNumber();
        else submitCode(step.phoneNumber);
      }}
    >
      <Stack gap="md">
        {step.step === 'number' ? (
          <>
            <Text fz="sm" c="dimmed">
              {t('integrations.phoneModal.description')}
            </Text>
            <PhoneNumberField
              id={numberId}
              label={t('integrations.phoneModal.numberLabel')}
              rules={phoneRules}
              country={country}
              digits={digits}
              onCountryChange={(next, cleaned) => {
                setChosen(true);
                setCountry(next);
                setDigits(cleaned);
              }}
              onDigitsChange={(next) => {
                setDigits(next);
                setFieldError(null);
              }}
              error={fieldError}
              disabled={link.isPending}
              autoFocus
            />
          </>
        ) : (
          <TextInput
            label={t('integrations.phoneModal.codeLabel')}
            description={
              step.message ||
              t('integrations.phoneModal.codeHint', { phone: unbreakable(formatE164(step.phoneNumber)) })
            }
            size="md"
            inputMode="numeric"
            autoComplete="one-time-code"
            data-autofocus
            maxLength={5}
            value={code}
            onChange={(event) => {
              setCode(event.currentTarget.value.replace(/\D/g, '').slice(0, 5));
              setFieldError(null);
            }}
            error={fieldError}
            disabled={link.isPending}
          />
        )}

        {failure ? (
          <Alert color="red" variant="light" role="alert" c="red.9">
            {failure}
          </Alert>
        ) : null}

        <Group justify="space-between" gap="sm">
          {step.step === 'code' ? (
            <Button
              variant="subtle"
              onClick={() => {
                setStep({ step: 'number' });
                setCode('');
                setFailure(null);
              }}
              disabled={link.isPending}
            >
              {t('integrations.phoneModal.changeNumber')}
            </Button>
          ) : (
            <span />
          )}
          <Button type="submit" loading={link.isPending}>
            {step.step === 'number'
              ? t('integrations.phoneModal.submit')
              : t('integrations.phoneModal.verify')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
