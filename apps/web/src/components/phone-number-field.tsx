import { PHONE_MAX_DIGITS } from '@app/contract/constants';
import type { TCountry } from '@app/contract/countries';
import { examplePhone } from '@app/contract/phone-example';
import { Group, Input, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { CountrySelect } from '@/components/country-select';
import { useDrawnField } from '@/lib/drawn-fields';
import type { PhoneRules } from '@/lib/phone-rules';

export interface PhoneNumberFieldProps {
  id: string;
  label: string;
  /** The country's formatting and checks; until they are loaded (null), digits only. */
  rules: PhoneRules | null;
  country: TCountry;
  /** The national number as typed, cleaned: digits (and a leading +, where the rules keep one). */
  digits: string;
  /** A country the person picked, with the digits cleaned for it. */
  onCountryChange: (country: TCountry, digits: string) => void;
  onDigitsChange: (digits: string) => void;
  /** Each keystroke, before the digits are cleaned (the sign-in form loads the rules on it). */
  onTyping?: () => void;
  error?: ReactNode;
  /** A line under the field that describes it (sign-in's hint). */
  hint?: ReactNode;
  size?: 'md';
  disabled?: boolean;
  /** The field takes the focus when its modal opens (Mantine's `data-autofocus`). */
  autoFocus?: boolean;
  /** A screen drawn ahead names its field so: what was typed there is taken over (decision 330). */
  name?: string;
}

/**
 * The phone number field, one for sign-in and for linking the assistant's number (issue 29, §6):
 * country picker and number side by side, the number formatted as typed in the country's style
 * and kept to as many digits as the country allows.
 */
export function PhoneNumberField(props: PhoneNumberFieldProps) {
  const { id, rules, country, digits, error, hint } = props;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const ref = useDrawnField<HTMLInputElement>(
    props.name ?? '',
    (typed) => {
      props.onTyping?.();
      props.onDigitsChange(cleanDigits(rules, country, typed));
    },
    caretAfterSameDigits,
  );
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <Input.Wrapper
      label={props.label}
      labelProps={{ htmlFor: id }}
      error={error}
      errorProps={{ id: errorId }}
      size={props.size}
    >
      <Group gap={8} wrap="nowrap" align="flex-start">
        <CountrySelect
          value={country}
          onChange={(next) => props.onCountryChange(next, cleanDigits(rules, next, digits))}
          disabled={props.disabled}
        />
        <TextInput
          ref={ref}
          id={id}
          name={props.name}
          style={{ flex: 1 }}
          size="md"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          data-autofocus={props.autoFocus || undefined}
          placeholder={examplePhone(country)}
          value={rules ? rules.formatPhoneInput(country, digits) : digits}
          onChange={(event) => {
            props.onTyping?.();
            props.onDigitsChange(cleanDigits(rules, country, event.currentTarget.value));
          }}
          maxLength={(rules ? rules.maxInputDigits(country) : PHONE_MAX_DIGITS + 1) * 2 + 4}
          error={Boolean(error)}
          aria-describedby={describedBy}
          disabled={props.disabled}
        />
      </Group>
      {hint ? (
        <Input.Description id={hintId} mt={6}>
          {hint}
        </Input.Description>
      ) : null}
    </Input.Wrapper>
  );
}

/** The country's rules when loaded; until then digits only, as many as any country allows. */
export function cleanDigits(rules: PhoneRules | null, country: TCountry, raw: string): string {
  return rules ? rules.cleanPhoneInput(country, raw) : raw.replace(/\D/g, '').slice(0, PHONE_MAX_DIGITS + 1);
}

/** The caret after as many digits in the formatted number as there were before it in what was typed. */
function caretAfterSameDigits(shown: string, typed: { value: string; caret: number | null }): number | null {
  if (typed.caret === null) return null;
  const before = typed.value.slice(0, typed.caret).replace(/\D/g, '').length;
  if (before === 0) return 0;
  let seen = 0;
  for (let at = 0; at < shown.length; at += 1) {
    if (/\d/.test(shown[at]!)) seen += 1;
    if (seen === before) return at + 1;
  }
  return shown.length;
}
