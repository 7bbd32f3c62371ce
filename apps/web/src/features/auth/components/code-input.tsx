import { VERIFICATION_CODE_LENGTH } from '@app/contract/constants';
import { Group } from '@mantine/core';
import { type ClipboardEvent, type KeyboardEvent, type Ref, useImperativeHandle, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './code-input.module.css';

export interface CodeInputHandle {
  focus: (index?: number) => void;
}

interface CodeInputProps {
  value: string;
  onChange: (value: string) => void;
  /** Enter in any box. */
  onEnter: () => void;
  disabled?: boolean;
  /** While a check is running: still focusable, not editable. */
  readOnly?: boolean;
  invalid?: boolean;
  ref?: Ref<CodeInputHandle>;
  describedBy?: string;
}

const LENGTH = VERIFICATION_CODE_LENGTH;

/**
 * Five one-digit boxes (spec §5): typing moves on, Backspace goes back, a paste or an
 * SMS autofill spreads its first five digits, Enter verifies.
 */
export function CodeInput({
  value,
  onChange,
  onEnter,
  disabled,
  readOnly,
  invalid,
  ref,
  describedBy,
}: CodeInputProps) {
  const { t } = useTranslation();
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const digits = Array.from({ length: LENGTH }, (_, i) => value[i] ?? '');

  const focus = (index: number) => {
    const target = inputs.current[Math.max(0, Math.min(LENGTH - 1, index))];
    target?.focus();
    target?.select();
  };
  useImperativeHandle(ref, () => ({ focus: (index = 0) => focus(index) }));

  /** Writes digits from `start` on; returns where the caret should go next. */
  const fill = (start: number, incoming: string) => {
    const next = [...digits];
    const clean = incoming.replace(/\D/g, '').slice(0, LENGTH - start);
    for (let i = 0; i < clean.length; i++) next[start + i] = clean[i]!;
    onChange(next.join('').slice(0, LENGTH));
    return start + clean.length;
  };

  const handleChange = (index: number, raw: string) => {
    const clean = raw.replace(/\D/g, '');
    if (!clean) return;
    // A whole code arriving in one box (SMS autofill) spreads from the first box.
    const landed = clean.length >= LENGTH ? fill(0, clean) : fill(index, clean.slice(-1));
    focus(landed);
  };

  const handleKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      onEnter();
    } else if (event.key === 'Backspace') {
      event.preventDefault();
      const next = [...digits];
      if (next[index]) {
        next[index] = '';
        onChange(next.join(''));
      } else if (index > 0) {
        next[index - 1] = '';
        onChange(next.join(''));
        focus(index - 1);
      }
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focus(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focus(index + 1);
    }
  };

  const handlePaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const pasted = event.clipboardData.getData('text').replace(/\D/g, '').slice(0, LENGTH);
    if (!pasted) return;
    onChange(pasted);
    focus(Math.min(pasted.length, LENGTH - 1));
  };

  return (
    <Group gap="xs" wrap="nowrap" justify="center" role="group" aria-label={t('verification.codeLabel')}>
      {digits.map((digit, index) => (
        <input
          // biome-ignore lint/suspicious/noArrayIndexKey: the boxes are positions, not items
          key={index}
          ref={(node) => {
            inputs.current[index] = node;
          }}
          className={classes.box}
          data-invalid={invalid || undefined}
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          maxLength={index === 0 ? LENGTH : 1}
          value={digit}
          disabled={disabled}
          readOnly={readOnly}
          aria-label={t('verification.digitLabel', { index: index + 1, total: LENGTH })}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onChange={(event) => handleChange(index, event.currentTarget.value)}
          onKeyDown={(event) => handleKeyDown(index, event)}
          onPaste={handlePaste}
          onFocus={(event) => event.currentTarget.select()}
        />
      ))}
    </Group>
  );
}
