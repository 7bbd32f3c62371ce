import type { TCountry } from '@app/contract/countries';
import { Group, InputBase, Text } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { countryName } from '@/lib/country-names';

export interface CountrySelectProps {
  value: TCountry;
  onChange: (country: TCountry) => void;
  disabled?: boolean;
}

const loadPicker = () => import('./country-picker');
const CountryPicker = lazy(() => loadPicker().then((m) => ({ default: m.CountryPicker })));

/**
 * The country picker (spec §2). Until it is first opened it is only its button: the popover's
 * code loads when the pointer or the focus comes near (usually before the click lands).
 */
export function CountrySelect(props: CountrySelectProps) {
  const [opened, setOpened] = useState(false);
  const button = (
    <CountryButton
      value={props.value}
      disabled={props.disabled}
      onPointerEnter={() => void loadPicker()}
      onFocus={() => void loadPicker()}
      onClick={() => setOpened(true)}
    />
  );
  if (!opened) return button;
  return (
    <Suspense fallback={button}>
      <CountryPicker {...props} />
    </Suspense>
  );
}

/** The picker's face: the flag and dial code, named for screen readers by country and code. */
export function CountryButton({
  value,
  disabled,
  ...handlers
}: {
  value: TCountry;
  disabled?: boolean | undefined;
  onClick: () => void;
  onPointerEnter?: () => void;
  onFocus?: () => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <InputBase
      component="button"
      type="button"
      pointer
      disabled={disabled}
      {...handlers}
      rightSection={<IconChevronDown size={16} aria-hidden />}
      rightSectionPointerEvents="none"
      aria-label={t('phone.countryLabel', {
        country: countryName(value, i18n.resolvedLanguage ?? 'en'),
        code: value.dialCode,
      })}
      size="md"
      w={118}
      styles={{ input: { paddingInlineEnd: 28 } }}
    >
      <Group gap={6} wrap="nowrap">
        <span aria-hidden style={{ fontSize: 20, lineHeight: 1 }}>
          {value.flag}
        </span>
        <Text span fz="md">
          {value.dialCode}
        </Text>
      </Group>
    </InputBase>
  );
}
